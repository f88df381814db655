import { getSupabase } from '@/lib/supabase';
import { isNetworkFailure } from '@/utils/is-network-failure';

/**
 * Sets one line of the signed-in cart (insert or change). `user_id` comes from its column default,
 * auth.uid(), so a client can only ever write its own cart. The database refuses quantities above
 * the stock with a message naming the item ("Only 2 of Shade left."), which the UI shows as is.
 */
export async function setCartQuantity(itemId: number, quantity: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('cart_items').upsert({ item_id: itemId, quantity }, { onConflict: 'user_id,item_id' });
  if (error) throw new Error(cartErrorMessage(error));
}

export async function removeCartLine(itemId: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('cart_items').delete().eq('item_id', itemId);
  if (error) throw new Error(cartErrorMessage(error));
}

/** Database messages written for people pass through; anything else becomes a plain sentence. */
export function cartErrorMessage(error: { code?: string; message: string }): string {
  if (error.code === '23514' && !error.message.includes('constraint')) return error.message;
  if (error.code === '23503') return 'This item is no longer in the catalog.';
  if (isNetworkFailure(error.message)) return 'You seem to be offline. Your cart was not changed.';
  return 'The cart could not be updated. Please try again.';
}
