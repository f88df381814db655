import { captchaOptions } from '@/lib/captcha';
import { getSupabase } from '@/lib/supabase';
import { authErrorMessage } from './auth-error-message.ts';

const GUEST_SESSION_LOCK = 'lumen-guest-session';

function withGuestSessionLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(GUEST_SESSION_LOCK, fn);
  return fn();
}

/**
 * Whether this browser's guest session belongs to someone else: it has ordered for another e-mail
 * address. On a shared device the next guest must not add orders to, or later sign up with, the
 * previous guest's session.
 */
async function ordersForSomeoneElse(email: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('orders').select('contact_email').neq('contact_email', email.trim().toLowerCase()).limit(1);
  return !error && data.length > 0;
}

/**
 * The anonymous session a guest orders through (docs/decisions/015-guest-orders.md), for the
 * receipt address `email`: the one this browser already has when it ordered for the same address
 * (the same guest ordering again), otherwise a new one, made only now, at the moment of ordering, so
 * browsing never creates users. Two tabs ordering at once share one session. Returns the guest's user id.
 */
export async function ensureGuestSession(email: string): Promise<string> {
  const supabase = await getSupabase();
  return withGuestSessionLock(async () => {
    const { data } = await supabase.auth.getSession();
    if (data.session?.user.is_anonymous) {
      if (!(await ordersForSomeoneElse(email))) return data.session.user.id;
      // Forget the previous guest here (their orders stay theirs, reachable from their receipts).
      await supabase.auth.signOut({ scope: 'local' });
    } else if (data.session) {
      throw new Error('You are signed in to an account in another tab. Reload this page to order from your account.');
    }
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
