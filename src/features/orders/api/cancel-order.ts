import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { isNetworkFailure } from '@/utils/is-network-failure';
import { orderKeys } from './order-keys.ts';

/** Cancels one of the caller's orders; cancel_order puts the stock back in the same transaction. */
export async function cancelOrder(orderId: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('cancel_order', { order_id: orderId });
  if (!error) return;
  if (error.code === 'P0001' || error.code === 'P0002') throw new Error(error.message);
  if (isNetworkFailure(error.message)) throw new Error('Lumen could not be reached. The order was not cancelled; please try again.');
  throw new Error('The order could not be cancelled. Please try again.');
}

export function useCancelOrder(userId: string, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all(userId) }),
  });
}
