import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { isNetworkFailure } from '@/utils/is-network-failure';
import { orderKeys } from './order-keys.ts';
import { PlaceOrderResultSchema, type PlaceOrderResult } from './order-schemas.ts';

/**
 * Places the signed-in user's cart as an order: place_order is one transaction that locks the
 * items, checks and takes the stock, snapshots prices, creates the order and clears the cart —
 * or, when stock ran short, orders nothing and reports which lines changed.
 */
export async function placeOrder(): Promise<PlaceOrderResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('place_order');
  if (error) {
    if (error.code === 'P0001') throw new Error(error.message);
    if (isNetworkFailure(error.message)) {
      // The request may or may not have reached the server: say so rather than guess.
      throw new Error('Lumen could not be reached. If the order went through it is listed under your orders; otherwise nothing was ordered.');
    }
    throw new Error('The order could not be placed. Nothing was ordered; please try again.');
  }
  const parsed = PlaceOrderResultSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server answered in an unexpected shape. Check your orders before trying again.');
  return parsed.data;
}

export function usePlaceOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all(userId) }),
  });
}
