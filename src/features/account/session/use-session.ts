import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession, type SessionState } from './session-store.ts';

/** The current auth session; re-renders on sign-in, sign-out and token refresh, in every tab. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}
