import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { CartItemSchema, MAX_LINE_QUANTITY, type CartLine } from './cart-schemas.ts';

/** A guest's cart lives in this browser until sign-in merges it into the account. */
export const GUEST_CART_KEY = 'lumen-guest-cart';

const StoredLinesSchema = z.array(z.object({ item_id: z.number(), quantity: z.number() }));
export type StoredLine = z.infer<typeof StoredLinesSchema>[number];

/** Reads the stored lines; anything unreadable counts as an empty cart rather than an error. */
export function readGuestLines(): StoredLine[] {
  try {
    const parsed = StoredLinesSchema.safeParse(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]'));
    if (!parsed.success) return [];
    return parsed.data
      .filter((line) => Number.isInteger(line.item_id) && line.quantity >= 1)
      .map((line) => ({ item_id: line.item_id, quantity: Math.min(MAX_LINE_QUANTITY, Math.floor(line.quantity)) }));
  } catch {
    return [];
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
  const lines = readGuestLines();
  if (lines.length === 0) return [];
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .select('id, slug, title, price_cents, currency, stock, image_paths')
    .in('id', lines.map((line) => line.item_id));
  if (error) throw new Error(error.message);
  const items = z.array(CartItemSchema).safeParse(data);
  if (!items.success) throw new Error('The server sent the cart in an unexpected shape.');
  const byId = new Map(items.data.map((item) => [item.id, item]));
  return lines.flatMap((line) => {
    const item = byId.get(line.item_id);
    return item ? [{ item_id: line.item_id, quantity: line.quantity, item }] : [];
  });
}

export function setGuestQuantity(itemId: number, quantity: number): void {
  const lines = readGuestLines();
  const index = lines.findIndex((line) => line.item_id === itemId);
  const next = { item_id: itemId, quantity };
  if (index === -1) lines.push(next);
  else lines[index] = next;
  writeGuestLines(lines);
}

export function removeGuestLine(itemId: number): void {
  writeGuestLines(readGuestLines().filter((line) => line.item_id !== itemId));
}
