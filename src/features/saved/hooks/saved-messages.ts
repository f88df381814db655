import { useSyncExternalStore } from 'react';

/**
 * The last thing to tell about saved items that the screen alone does not say: a change refused
 * and rolled back (the list is full, the connection dropped), or what a sign-in merge could not
 * keep. Hearts sit on many cards and pages, so their messages are shown in one place
 * (SavedNotice). Each belongs to the session's user (`scope`, null for a guest): another account
 * never sees the previous one's.
 */
export interface SavedMessage {
  scope: string | null;
  text: string;
  /** Tells one message from the next with the same text, so it is shown (and announced) again. */
  id: number;
}

let current: SavedMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(message: SavedMessage | null) {
  current = message;
  for (const listener of listeners) listener();
}

export function reportSavedMessage(scope: string | null, text: string): void {
  publish({ scope, text, id: nextId++ });
}

export function dismissSavedMessage(): void {
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSavedMessage(scope: string | null): SavedMessage | null {
  const message = useSyncExternalStore(subscribe, () => current, () => null);
  return message && message.scope === scope ? message : null;
}
