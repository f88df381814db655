import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { readGuestSavedIds } from './guest-saved-store.ts';
import { SAVED_ITEM_COLUMNS, type SavedEntry } from './saved-entries.ts';
import { savedKeys } from './saved-keys.ts';

/** Whose list: a signed-in user's (in the database) or this browser's guest list. */
export type SavedOwner = { kind: 'user'; userId: string } | { kind: 'guest' };

/**
 * The signed-in user's saved items, newest first, each with what the list shows. An item that left
 * the shop (archived, or its product made a draft) keeps its name here with `on_sale` false: the
 * owner saw it when they saved it (saved_item_details returns only the caller's own entries).
 */
export async function getSavedItems(): Promise<SavedEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('saved_item_details');
  if (error) throw new Error(error.message);
  return data.map(({ item_id, slug, title, price_cents, currency, stock, image_paths, on_sale }): SavedEntry => ({
    item_id,
    item: { id: item_id, slug, title, price_cents, currency, stock, image_paths, on_sale },
  }));
}

/** The guest's saved items, newest first, with current details from the catalog (never from the browser). */
export async function getGuestSavedItems(): Promise<SavedEntry[]> {
  const ids = readGuestSavedIds().reverse();
  if (ids.length === 0) return [];
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('items').select(SAVED_ITEM_COLUMNS).in('id', ids);
  if (error) throw new Error(error.message);
  const byId = new Map(data.map((item) => [item.id, item]));
  return ids.map((id) => ({ item_id: id, item: byId.get(id) ?? null }));
}

/** The list query of an owner; disabled while it is not known whose list to show (the session is loading). */
export function savedItemsQuery(owner: SavedOwner | null) {
  return queryOptions({
    queryKey: owner?.kind === 'user' ? savedKeys.user(owner.userId) : savedKeys.guest,
    queryFn: owner?.kind === 'user' ? getSavedItems : getGuestSavedItems,
    enabled: owner !== null,
  });
}
