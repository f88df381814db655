import { userScopeGuard } from '@/lib/query-client';
import { getSupabase, type Session } from '@/lib/supabase';
import { roleFromAccessToken, type AppRole } from './token-claims.ts';

export type { Session };

/** How this tab ended its own session. */
export type SessionEnding = 'sign-out' | 'account-deletion';

export type SessionState =
  | { status: 'loading' }
  /**
   * `endedHere`: this tab signed out or deleted the account, so pages go home (saying so), not to /sign-in.
   * `guestId`: the anonymous user this browser ordered as, if it did (its orders and order pages are its own).
   */
  | { status: 'signed-out'; endedHere: SessionEnding | null; guestId: string | null }
  /**
   * `recovering`: signed in by a password-recovery link; the set-new-password form should open.
   * `role`: the token's `user_role` claim, so a role granted or revoked shows at the next refresh.
   */
  | { status: 'signed-in'; session: Session; userId: string; email: string; recovering: boolean; role: AppRole | null };

let state: SessionState = { status: 'loading' };
/** True between PASSWORD_RECOVERY and the new password being saved (or the tab closing). */
let recovering = false;
let endingRequested: SessionEnding | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * An anonymous Supabase session is a guest who ordered, not an account (docs/decisions/003-guest-cart.md,
 * 015-guest-orders.md): the UI treats it as signed out so Account stays "Sign in" and /account stays
 * protected, and only the guest's own order pages use its id.
 */
function toState(session: Session | null): SessionState {
  if (!session) return { status: 'signed-out', endedHere: endingRequested, guestId: null };
  if (session.user.is_anonymous) return { status: 'signed-out', endedHere: endingRequested, guestId: session.user.id };
  return {
    status: 'signed-in',
    session,
    userId: session.user.id,
    email: session.user.email ?? '',
    recovering,
    role: roleFromAccessToken(session.access_token),
  };
}

let started = false;

/**
 * Subscribes once to supabase-js auth events. supabase-js itself keeps tabs in step (a storage
 * event in one tab makes the others emit SIGNED_IN / SIGNED_OUT), so every tab's UI follows
 * the session without extra channels.
 *
 * Whenever the session's user changes — sign-out here or in another tab, another account signing
 * in, an expired session, a deleted account — the previous user's cached data is dropped before
 * the new state is published, so no screen can paint it for the next person.
 */
export function startSessionStore(): void {
  if (started) return;
  started = true;
  void getSupabase().then((supabase) =>
    supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'PASSWORD_RECOVERY') recovering = true;
      if (event === 'SIGNED_OUT') recovering = false;
      const next = toState(session);
      if (event === 'SIGNED_IN') endingRequested = null;
      // A guest's own data (their order, their last address) is scoped to the anonymous user.
      userScopeGuard.track(next.status === 'signed-in' ? next.userId : next.status === 'signed-out' ? next.guestId : null);
      publish(next);

    }),
  );
}

export function subscribeSession(listener: () => void): () => void {
  if (typeof window !== 'undefined') startSessionStore();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSessionState(): SessionState {
  return state;
}

/** Called just before this tab signs out on purpose; the next signed-out state carries it. */
export function expectSignOut(ending: SessionEnding = 'sign-out'): void {
  endingRequested = ending;
}

export function endPasswordRecovery(): void {
  if (!recovering) return;
  recovering = false;
  if (state.status === 'signed-in') publish({ ...state, recovering: false });
}

// Subscribe as soon as the app loads, not at first render: the router renders nothing until the
// first lazy route has loaded, and supabase-js emits PASSWORD_RECOVERY only once, to whoever listens.
// Prerendering (no window) has no session to follow.
if (typeof window !== 'undefined') startSessionStore();
