import { getSupabase } from '@/lib/supabase';
import { CART_ITEM_COLUMNS } from './cart-lines.ts';
import type { CartLine } from './cart-schemas.ts';

const CART_SELECT = `item_id, quantity, item:items(${CART_ITEM_COLUMNS})` as const;

/** The signed-in user's cart (RLS returns only their lines), oldest line first. */
export async function getCart(): Promise<CartLine[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('cart_items').select(CART_SELECT).order('created_at').order('item_id');
  if (error) throw new Error(error.message);
  return data;
}
