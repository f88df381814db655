import { decodeJwt } from 'jose';
import type { Session } from '@/lib/supabase';

/**
 * Whether the session was made by a password-recovery link: its access token says how the user
 * authenticated (amr), and stays so across refreshes. Auth lets such a session set a new password
 * without the current one (whoever followed the link has forgotten it); any other needs it.
 */
export function isRecoverySession(session: Session): boolean {
  try {
    const { amr } = decodeJwt(session.access_token);
    return Array.isArray(amr) && amr.some((entry: unknown) => typeof entry === 'object' && entry !== null && 'method' in entry && entry.method === 'recovery');
  } catch {
    return false;
  }
}
