import { getSupabase } from '@/lib/supabase';
import type { CartLine } from './cart-schemas.ts';

const CART_SELECT = 'item_id, quantity, item:items(id, slug, title, price_cents, currency, stock, image_paths)';

/** The signed-in user's cart (RLS returns only their lines), oldest line first. */
export async function getCart(): Promise<CartLine[]> {
  const [supabase, { CartLineListSchema }] = await Promise.all([getSupabase(), import('./cart-schemas.ts')]);
  const { data, error } = await supabase.from('cart_items').select(CART_SELECT).order('created_at').order('item_id');
  if (error) throw new Error(error.message);
  const parsed = CartLineListSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the cart in an unexpected shape.');
  return parsed.data;
}
