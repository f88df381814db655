import type { Tables } from '@/types/database';

/** The most one list holds, as the database enforces it (check_saved_items_limit). */
export const MAX_SAVED_ITEMS = 200;

/** What the database says when a list is full (errcode 54000); a guest's list says the same. */
export const LIST_FULL_MESSAGE = 'You have saved 200 items, the most a list holds. Remove some to save more.';

/** The columns of an item a saved entry shows: one list for the account's and the guest's. */
export const SAVED_ITEM_COLUMNS = 'id, slug, title, price_cents, currency, stock, image_paths, on_sale';

export type SavedItem = Pick<Tables<'items'>, 'id' | 'slug' | 'title' | 'price_cents' | 'currency' | 'stock' | 'image_paths' | 'on_sale'>;

/** What a heart needs to save an item and to show it in the list at once, before the server answers. */
export type SaveableItem = Omit<SavedItem, 'on_sale'>;

/**
 * One saved item, newest first in a list. An account's entry always carries its item (off sale
 * when it left the shop); a guest's is null when the catalog no longer shows it (RLS hides it),
 * so the entry stays visible as no longer available rather than vanishing from the list.
 */
export interface SavedEntry {
  item_id: number;
  item: SavedItem | null;
}

export function isAvailable(entry: SavedEntry): entry is SavedEntry & { item: SavedItem } {
  return entry.item !== null && entry.item.on_sale;
}
