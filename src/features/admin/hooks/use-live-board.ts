import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import { adminKeys } from '../api/admin-keys.ts';

/** The part of a `realtime.broadcast_changes` payload the board reads. */
interface OrderChange {
  record?: { id?: number } | null;
}

/**
 * Keeps the order board live: the database broadcasts every order change on the private topic
 * `staff:orders` (only tokens with orders.manage may join). Each change refetches the board, and
 * a new order is announced to screen readers. Returns the latest announcement.
 */
export function useLiveBoard(userId: string): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board(userId) });
    return listenToPrivateTopic('staff:orders', {
      onBroadcast: ({ event, payload }) => {
        const id = (payload as OrderChange).record?.id;
        if (event === 'INSERT' && id !== undefined) setAnnouncement(`New order #${id} arrived.`);
        refetch();
      },
      onSubscribed: refetch,
    });
  }, [userId, queryClient]);
  return announcement;
}
