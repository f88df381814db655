import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openChannel } from '@/lib/supabase';
import { getOrderQueryOptions } from '../api/get-order.ts';

/** The order page follows the order's status live (confirmed by the function, or cancelled elsewhere). */
export function useLiveOrder(userId: string, orderId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = getOrderQueryOptions(userId, orderId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    return openChannel((supabase) =>
      supabase
        .channel(`order-${orderId}`)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'orders', filter: `id=eq.${orderId}` }, refetch)
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') refetch();
        }),
    );
  }, [userId, orderId, queryClient]);
}
