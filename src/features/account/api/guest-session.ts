import { captchaOptions } from '@/lib/captcha';
import { getSupabase } from '@/lib/supabase';
import { authErrorMessage } from './auth-error-message.ts';

const GUEST_SESSION_LOCK = 'lumen-guest-session';

function withGuestSessionLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(GUEST_SESSION_LOCK, fn);
  return fn();
}

/**
 * The anonymous session a guest orders through (docs/decisions/015-guest-orders.md): the one this
 * browser already has (an earlier guest order), or a new one, made only now, at the moment of
 * ordering, so browsing never creates users. Two tabs ordering at once share one session.
 * Returns the guest's user id.
 */
export async function ensureGuestSession(): Promise<string> {
  const supabase = await getSupabase();
  return withGuestSessionLock(async () => {
    const { data } = await supabase.auth.getSession();
    if (data.session?.user.is_anonymous) return data.session.user.id;
    if (data.session) throw new Error('You are signed in to an account in another tab. Reload this page to order from your account.');
    const { data: signedIn, error } = await supabase.auth.signInAnonymously({ options: await captchaOptions() });
    if (error || !signedIn.user) {
      if (error?.code === 'anonymous_provider_disabled') {
        throw new Error('Ordering as a guest is switched off in this shop. Sign in or create an account to order.');
      }
      if (error?.status === 429) {
        throw new Error('Too many guest orders came from your network just now. Try again in a while, or sign in to order.');
      }
      throw new Error(authErrorMessage(error));
    }
    return signedIn.user.id;
  });
}
