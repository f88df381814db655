import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import { getOrderQueryOptions } from '../api/get-order.ts';

/** The part of a `realtime.broadcast_changes` payload this page reads. */
interface OrderChange {
  record?: { id?: number } | null;
  old_record?: { id?: number } | null;
}

/**
 * The order page follows the order's status live (confirmed by the function, or cancelled
 * elsewhere): the database broadcasts each change of the user's orders on their private topic
 * `orders:<user id>`; a change of this order refetches it.
 */
export function useLiveOrder(userId: string, orderId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = getOrderQueryOptions(userId, orderId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    return listenToPrivateTopic(`orders:${userId}`, {
      onBroadcast: ({ payload }) => {
        const change = payload as OrderChange;
        if (change.record?.id === orderId || change.old_record?.id === orderId) refetch();
      },
      onSubscribed: refetch,
    });
  }, [userId, orderId, queryClient]);
}
