import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { TablesInsert } from '@/types/database';
import { adminErrorMessage } from './admin-errors.ts';
import { adminKeys } from './admin-keys.ts';
import { ITEM_COLUMNS, type AdminItem } from './admin-items.ts';
import type { ItemFormErrors, ItemInput } from './item-form-schema.ts';

/** A refusal that belongs to one field of the form (a web address already taken). */
export class ItemFieldError extends Error {
  readonly errors: ItemFormErrors;
  constructor(errors: ItemFormErrors) {
    super(Object.values(errors).join(' '));
    this.errors = errors;
  }
}

export const STALE_ITEM_MESSAGE = 'Someone else changed this item since you opened it, so nothing was saved.';

/** Creates an item; its stock is recorded as the first stock movement (trigger). */
export async function createItem(input: ItemInput): Promise<AdminItem> {
  const supabase = await getSupabase();
  // The generated type wants product_id, which the database gives a lone item itself (a product
  // of its own, published: the item is on sale at once).
  const row: Omit<TablesInsert<'items'>, 'product_id'> = input;
  const { data, error } = await supabase.from('items').insert(row as TablesInsert<'items'>).select(ITEM_COLUMNS).single();
  if (error?.code === '23505') throw new ItemFieldError({ slug: 'Another item already has this web address. Choose another.' });
  if (error) throw new Error(adminErrorMessage(error, 'the item was not created'));
  return data;
}

/** A save refused because the item changed since it was loaded (its guard no longer matches). */
export class StaleItemError extends Error {
  constructor() {
    super(STALE_ITEM_MESSAGE);
  }
}

/**
 * What a save expects to find, so two people never silently overwrite each other: the details as
 * the edit form loaded them (`updated_at`, which only details edits move), the pictures as shown,
 * or whether the item is on sale.
 */
export type ItemGuard = { updated_at: string } | { image_paths: readonly string[] } | { archived: boolean };

/** Saves changes to an item while `guard` holds; a StaleItemError when someone got there first. */
export async function updateItem(
  itemId: number,
  guard: ItemGuard,
  changes: Partial<Pick<AdminItem, 'title' | 'description' | 'price_cents' | 'category_id' | 'featured' | 'image_paths' | 'archived_at' | 'options'>>,
): Promise<AdminItem> {
  const supabase = await getSupabase();
  let request = supabase.from('items').update(changes).eq('id', itemId);
  if ('updated_at' in guard) request = request.eq('updated_at', guard.updated_at);
  // PostgREST compares a text[] column with an array literal: {"a/1","b/2"}.
  if ('image_paths' in guard) request = request.filter('image_paths', 'eq', `{${guard.image_paths.map((path) => JSON.stringify(path)).join(',')}}`);
  if ('archived' in guard) request = request.eq('on_sale', !guard.archived);
  const { data, error } = await request.select(ITEM_COLUMNS).maybeSingle();
  if (error) throw new Error(adminErrorMessage(error, 'the item was not saved'));
  if (!data) throw new StaleItemError();
  return data;
}

/**
 * After any change of an item: its page shows the saved row (a refetch already under way is
 * cancelled first, so it cannot put the old row back), and the lists, the activity log and the
 * shop's own copies refetch.
 */
export function useItemSaved(userId: string) {
  const queryClient = useQueryClient();
  return async (saved: AdminItem) => {
    const itemKey = adminKeys.item(userId, saved.id);
    await queryClient.cancelQueries({ queryKey: itemKey });
    queryClient.setQueryData(itemKey, saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
      // The shop's pages in this tab (catalog, item, search) show the new details at once.
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      queryClient.invalidateQueries({ queryKey: ['search'] }),
    ]);
  };
}

export function useCreateItem(userId: string) {
  const onSaved = useItemSaved(userId);
  return useMutation({ mutationFn: createItem, onSuccess: onSaved });
}

export function useUpdateItem(userId: string) {
  const onSaved = useItemSaved(userId);
  return useMutation({
    mutationFn: ({ itemId, guard, changes }: { itemId: number; guard: ItemGuard; changes: Parameters<typeof updateItem>[2] }) =>
      updateItem(itemId, guard, changes),
    onSuccess: onSaved,
  });
}
