import { LIST_FULL_MESSAGE, MAX_SAVED_ITEMS } from './saved-entries.ts';

/** A guest's saved items live in this browser until sign-in merges them into the account. */
export const GUEST_SAVED_KEY = 'lumen-guest-saved';

/**
 * The stored ids, oldest first: positive whole numbers, each once, at most the list's limit (the
 * newest kept). Anything unreadable counts as an empty list. Checked by hand rather than with zod:
 * the hearts on the first page read this, and zod is not part of that page's script.
 */
export function parseGuestSavedIds(raw: string | null): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids: number[] = [];
  for (const value of parsed) {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && !ids.includes(value)) ids.push(value);
  }
  return ids.slice(-MAX_SAVED_ITEMS);
}

/** The stored ids (a copy: changing it changes nothing stored). */
export function readGuestSavedIds(): number[] {
  try {
    return parseGuestSavedIds(localStorage.getItem(GUEST_SAVED_KEY));
  } catch {
    return [];
  }
}

/** Whether this browser holds a guest list at all (an empty one is never stored). */
export function hasStoredGuestSaved(): boolean {
  try {
    return localStorage.getItem(GUEST_SAVED_KEY) !== null;
  } catch {
    return false;
  }
}

/** Throws when storage is blocked or full, so the optimistic change rolls back with a message. */
export function writeGuestSavedIds(ids: readonly number[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(GUEST_SAVED_KEY);
    else localStorage.setItem(GUEST_SAVED_KEY, JSON.stringify(ids));
  } catch {
    throw new Error('This browser is not letting Lumen keep your saved items. Sign in to keep them in your account.');
  }
}

/**
 * Saves an item in this browser. The read, the change and the write happen in one task, so two
 * changes made at once (two hearts, a double click) cannot both start from the same list.
 */
export function addGuestSaved(itemId: number): void {
  const ids = readGuestSavedIds();
  if (ids.includes(itemId)) return;
  if (ids.length >= MAX_SAVED_ITEMS) throw new Error(LIST_FULL_MESSAGE);
  writeGuestSavedIds([...ids, itemId]);
}

export function removeGuestSaved(itemId: number): void {
  const ids = readGuestSavedIds();
  if (ids.includes(itemId)) writeGuestSavedIds(ids.filter((id) => id !== itemId));
}
