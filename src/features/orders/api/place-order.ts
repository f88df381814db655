import { supabase } from '@/lib/supabase';
import { PlaceOrderResultSchema, type PlaceOrderResult } from './order-schemas.ts';

/**
 * Places the signed-in user's cart as an order (one transaction in place_order), then asks the
 * order-confirmation function to send the receipt and confirm it. A failed confirmation does not
 * undo the order: the order page shows it as placed until the confirmation arrives.
 */
export async function placeOrder(): Promise<PlaceOrderResult> {
  const { data, error } = await supabase.rpc('place_order');
  if (error) throw new Error(error.code === 'P0001' ? error.message : 'The order could not be placed. Nothing was ordered; please try again.');
  const parsed = PlaceOrderResultSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server answered in an unexpected shape. Check your orders before trying again.');
  if (parsed.data.status === 'placed') {
    void supabase.functions.invoke('order-confirmation', { body: { order_id: parsed.data.order_id } });
  }
  return parsed.data;
}
