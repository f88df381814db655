import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { readGuestSavedIds } from './guest-saved-store.ts';
import { SAVED_ITEM_COLUMNS, type SavedEntry, type SavedItem } from './saved-entries.ts';
import { savedKeys } from './saved-keys.ts';

/** Whose list: a signed-in user's (in the database) or this browser's guest list. */
export type SavedOwner = { kind: 'user'; userId: string } | { kind: 'guest' };

const SAVED_SELECT = `item_id, item:items(${SAVED_ITEM_COLUMNS})` as const;

/**
 * The signed-in user's saved items (RLS returns only theirs), newest first. An item the catalog
 * no longer shows them comes back with `item: null` (the embed is read under the items' RLS).
 */
export async function getSavedItems(): Promise<SavedEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('saved_items')
    .select(SAVED_SELECT)
    .order('created_at', { ascending: false })
    .order('item_id', { ascending: false });
  if (error) throw new Error(error.message);
  // The generated types call the embed non-null (item_id is a foreign key), but RLS may hide it.
  return data.map((row): SavedEntry => ({ item_id: row.item_id, item: (row.item as SavedItem | null) ?? null }));
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
