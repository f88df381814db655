import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession, type SessionState } from './session-store.ts';

/** Prerendered HTML knows no session, and hydration must render what it rendered. */
const SERVER_SESSION: SessionState = { status: 'loading' };
const getServerSession = () => SERVER_SESSION;

/** The current auth session; re-renders on sign-in, sign-out and token refresh, in every tab. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getServerSession);
}
