import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import { adminKeys } from '../api/admin-keys.ts';

/** The part of a `realtime.broadcast_changes` payload read here. */
interface OrderChange {
  record?: { id?: number } | null;
}

/**
 * Keeps one order's page live: another member of staff moving it (or the customer cancelling it,
 * or its receipt going out) is broadcast on `staff:orders`, as for the board, and refetches it.
 */
export function useLiveOrder(userId: string, orderId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: adminKeys.order(userId, orderId) });
    return listenToPrivateTopic('staff:orders', {
      onBroadcast: ({ payload }) => {
        if ((payload as OrderChange).record?.id === orderId) refetch();
      },
      // Whatever changed while the channel was (re)connecting.
      onSubscribed: refetch,
    });
  }, [userId, orderId, queryClient]);
}
