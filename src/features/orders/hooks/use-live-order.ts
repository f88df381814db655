import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import { getOrderQueryOptions } from '../api/get-order.ts';

/** The part of a `realtime.broadcast_changes` payload this page reads. */
interface OrderChange {
  record?: { reference?: string } | null;
  old_record?: { reference?: string } | null;
}

/**
 * The order page follows the order's status live (confirmed by the function, or cancelled
 * elsewhere): the database broadcasts each change of the user's orders on their private topic
 * `orders:<user id>` (a guest's too: the anonymous session is a user); a change of this order refetches it.
 */
export function useLiveOrder(userId: string, reference: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { queryKey } = getOrderQueryOptions(userId, reference);
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    return listenToPrivateTopic(`orders:${userId}`, {
      onBroadcast: ({ payload }) => {
        const change = payload as OrderChange;
        if (change.record?.reference === reference || change.old_record?.reference === reference) refetch();
      },
      onSubscribed: refetch,
    });
  }, [userId, reference, queryClient]);
}
