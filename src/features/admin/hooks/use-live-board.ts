import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import { adminKeys } from '../api/admin-keys.ts';

/** The part of a `realtime.broadcast_changes` payload the board reads. */
interface OrderChange {
  record?: { id?: number } | null;
}

/**
 * Keeps the order board live: the database broadcasts every order change on the private topic
 * `staff:orders` (only tokens with orders.manage may join). Each change refetches the board;
 * `onNewOrder` hears of each order placed.
 */
export function useLiveBoard(userId: string, onNewOrder: (orderId: number) => void): void {
  const queryClient = useQueryClient();
  const onNew = useRef(onNewOrder);
  useEffect(() => {
    onNew.current = onNewOrder;
  });
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board(userId) });
    return listenToPrivateTopic('staff:orders', {
      onBroadcast: ({ event, payload }) => {
        const id = (payload as OrderChange).record?.id;
        if (event === 'INSERT' && id !== undefined) onNew.current(id);
        refetch();
      },
      onSubscribed: refetch,
    });
  }, [userId, queryClient]);
}
