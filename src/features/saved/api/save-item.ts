import { getSupabase } from '@/lib/supabase';
import { isNetworkFailure } from '@/utils/is-network-failure';
import { LIST_FULL_MESSAGE } from './saved-entries.ts';

/**
 * Saves an item for the signed-in user. `user_id` comes from its column default, auth.uid(), so a
 * client can only ever write its own list; saving what is already saved (another tab did) is done.
 */
export async function saveItem(itemId: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('saved_items').insert({ item_id: itemId });
  if (error && error.code !== '23505') throw new Error(savedErrorMessage(error));
}

export async function unsaveItem(itemId: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('saved_items').delete().eq('item_id', itemId);
  if (error) throw new Error(savedErrorMessage(error));
}

/** Database messages written for people pass through; anything else becomes a plain sentence. */
export function savedErrorMessage(error: { code?: string; message: string }): string {
  // The list's limit (check_saved_items_limit) speaks for itself.
  if (error.code === '54000') return error.message || LIST_FULL_MESSAGE;
  // The insert policy: only what is on sale (an archived item, an unpublished product's variant).
  if (error.code === '42501') return 'This item is no longer available, so it cannot be saved.';
  if (error.code === '23503') return 'This item is no longer in the catalog.';
  if (isNetworkFailure(error.message)) return 'You seem to be offline. Nothing was changed.';
  return 'Your saved items could not be updated. Please try again.';
}
