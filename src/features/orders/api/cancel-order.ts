import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function cancelOrder(orderId: number): Promise<void> {
  const { error } = await supabase.rpc('cancel_order', { order_id: orderId });
  if (error) throw new Error(error.code === 'P0001' || error.code === 'P0002' ? error.message : 'The order could not be cancelled. Please try again.');
}

export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
