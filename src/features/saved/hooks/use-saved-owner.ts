import { useSyncExternalStore } from 'react';
import type { SavedOwner } from '../api/get-saved-items.ts';
import { hasStoredGuestSaved } from '../api/guest-saved-store.ts';

export type { SavedOwner } from '../api/get-saved-items.ts';

/** The session as saved items need it: unknown while supabase-js reads storage, then a user id or none. */
export type SavedSession = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string };

const GUEST: SavedOwner = { kind: 'guest' };

// The user whose guest-list merge has settled (merged, nothing to merge, or failed and kept for
// next time). One for the page: every heart, the header's count and the Saved page read it, and
// the one merge (useGuestSavedMerge, in SavedRuntime) writes it.
let settledFor: string | null = null;
const listeners = new Set<() => void>();

export function markSavedMergeSettled(userId: string | null): void {
  if (settledFor === userId) return;
  settledFor = userId;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSavedMergeSettledFor(): string | null {
  return useSyncExternalStore(subscribe, () => settledFor, () => null);
}

/**
 * Whose saved items are on screen: null while the session is loading, this browser's guest list
 * when signed out, the account's once signed in. Until a guest list waiting in this browser has
 * been merged into the account the guest list stays on screen, so nothing a guest saved seems to
 * vanish at sign-in.
 */
export function useSavedOwner(session: SavedSession): SavedOwner | null {
  const settled = useSavedMergeSettledFor();
  if (session.status === 'loading') return null;
  if (session.status === 'signed-out') return GUEST;
  if (settled === session.userId || !hasStoredGuestSaved()) return { kind: 'user', userId: session.userId };
  return GUEST;
}
