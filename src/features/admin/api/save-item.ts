import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
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

export const STALE_ITEM_MESSAGE = 'Someone changed this item while you were editing it. Your changes are still in the form: reload the item to see theirs, then save again.';

/** Creates an item; its stock is recorded as the first stock movement (trigger). */
export async function createItem(input: ItemInput): Promise<AdminItem> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('items').insert(input).select(ITEM_COLUMNS).single();
  if (error?.code === '23505') throw new ItemFieldError({ slug: 'Another item already has this web address. Choose another.' });
  if (error) throw new Error(adminErrorMessage(error, 'the item was not created'));
  return data;
}

/**
 * Saves changes to an item as staff saw it: the update only applies while `updated_at` is the
 * one they loaded, so two people editing the same item never silently overwrite each other.
 * Stock and web address are not changed here (stock moves with a reason; addresses stay stable).
 */
export async function updateItem(
  item: Pick<AdminItem, 'id' | 'updated_at'>,
  changes: Partial<Pick<AdminItem, 'title' | 'description' | 'price_cents' | 'category_id' | 'featured' | 'image_paths' | 'archived_at'>>,
): Promise<AdminItem> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .update(changes)
    .eq('id', item.id)
    .eq('updated_at', item.updated_at)
    .select(ITEM_COLUMNS)
    .maybeSingle();
  if (error) throw new Error(adminErrorMessage(error, 'the item was not saved'));
  if (!data) throw new Error(STALE_ITEM_MESSAGE);
  return data;
}

/** After any change of an item: its page shows the saved row, every list refetches. */
export function useItemSaved(userId: string) {
  const queryClient = useQueryClient();
  return (saved: AdminItem) => {
    queryClient.setQueryData(adminKeys.item(userId, saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) });
  };
}

export function useCreateItem(userId: string) {
  const onSaved = useItemSaved(userId);
  return useMutation({ mutationFn: createItem, onSuccess: onSaved });
}

export function useUpdateItem(userId: string) {
  const onSaved = useItemSaved(userId);
  return useMutation({
    mutationFn: ({ item, changes }: { item: Pick<AdminItem, 'id' | 'updated_at'>; changes: Parameters<typeof updateItem>[1] }) =>
      updateItem(item, changes),
    onSuccess: onSaved,
  });
}
