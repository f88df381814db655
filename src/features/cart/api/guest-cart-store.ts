import { getSupabase } from '@/lib/supabase';
import { CART_ITEM_COLUMNS, MAX_LINE_QUANTITY } from './cart-lines.ts';
import type { CartLine, StoredLine, StoredLinesSchema } from './cart-schemas.ts';

/** A guest's cart lives in this browser until sign-in merges it into the account. */
export const GUEST_CART_KEY = 'lumen-guest-cart';

/** The stored lines, read and checked in one go; anything unreadable counts as an empty cart. */
function readStoredLines(schema: typeof StoredLinesSchema): StoredLine[] {
  try {
    const parsed = schema.safeParse(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]'));
    if (!parsed.success) return [];
    return parsed.data
      .filter((line) => Number.isInteger(line.item_id) && line.quantity >= 1)
      .map((line) => ({ item_id: line.item_id, quantity: Math.min(MAX_LINE_QUANTITY, Math.floor(line.quantity)) }));
  } catch {
    return [];
  }
}

/**
 * Runs `change` on the stored lines once the schema (and zod) has loaded: it is loaded on first use,
 * not with the page. The read, the change and the write then happen in one task, so two changes
 * made at once (a double click) cannot both start from the same lines.
 */
export async function withGuestLines<T>(change: (lines: StoredLine[]) => T): Promise<T> {
  const { StoredLinesSchema } = await import('./cart-schemas.ts');
  return change(readStoredLines(StoredLinesSchema));
}

/** The stored lines (a copy: changing it changes nothing stored). */
export function readGuestLines(): Promise<StoredLine[]> {
  return withGuestLines((lines) => lines);
}

/**
 * Whether this browser holds a guest cart at all (an empty one is never stored). Synchronous, for
 * deciding whose cart to show while rendering; what the lines are is read by readGuestLines.
 */
export function hasStoredGuestCart(): boolean {
  try {
    return localStorage.getItem(GUEST_CART_KEY) !== null;
  } catch {
    return false;
  }
}

/** Throws when storage is blocked or full, so the optimistic change rolls back with a message. */
export function writeGuestLines(lines: StoredLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(GUEST_CART_KEY);
    else localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  } catch {
    throw new Error('This browser is not letting Lumen save your cart. Sign in to keep it in your account.');
  }
}

/** The guest's lines with current item details (price and stock come from the catalog, not the browser). */
export async function loadGuestCart(): Promise<CartLine[]> {
  const lines = await readGuestLines();
  if (lines.length === 0) return [];
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .select(CART_ITEM_COLUMNS)
    .in('id', lines.map((line) => line.item_id))
    // An archived item is no longer sold (RLS hides it from all but staff): its line is dropped.
    .is('archived_at', null);
  if (error) throw new Error(error.message);
  const byId = new Map(data.map((item) => [item.id, item]));
  return lines.flatMap((line) => {
    const item = byId.get(line.item_id);
    return item ? [{ item_id: line.item_id, quantity: line.quantity, item }] : [];
  });
}

export function setGuestQuantity(itemId: number, quantity: number): Promise<void> {
  return withGuestLines((lines) => {
    const index = lines.findIndex((line) => line.item_id === itemId);
    const next = { item_id: itemId, quantity };
    if (index === -1) lines.push(next);
    else lines[index] = next;
    writeGuestLines(lines);
  });
}

export function removeGuestLine(itemId: number): Promise<void> {
  return withGuestLines((lines) => writeGuestLines(lines.filter((line) => line.item_id !== itemId)));
}
