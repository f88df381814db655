import type { Session } from '@/lib/supabase';
import { readTokenClaims } from './token-claims.ts';

/**
 * Whether the session was made by a password-recovery link: its access token says how the user
 * authenticated (amr), and stays so across refreshes. Auth lets such a session set a new password
 * without the current one (whoever followed the link has forgotten it); any other needs it.
 */
export function isRecoverySession(session: Session): boolean {
  const amr = readTokenClaims(session.access_token)?.amr;
  return Array.isArray(amr) && amr.some((entry: unknown) => typeof entry === 'object' && entry !== null && 'method' in entry && entry.method === 'recovery');
}
