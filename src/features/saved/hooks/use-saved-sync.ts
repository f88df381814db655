import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import type { SavedOwner } from '../api/get-saved-items.ts';
import { GUEST_SAVED_KEY } from '../api/guest-saved-store.ts';
import { savedKeys } from '../api/saved-keys.ts';
import { SAVED_CHANGE_MUTATION_KEY } from './use-saved-items.ts';

/**
 * Keeps the saved items fresh across tabs and devices. Signed in, the database broadcasts every
 * change of the user's saved rows on their private topic `saved:<user id>` (only they may join it:
 * RLS on realtime.messages), and each one refetches the list (events never bypass the cache); each
 * (re)subscription, a tab coming back to the foreground and the network coming back refetch too,
 * so the list is never stale after a disconnect. A guest's list follows this browser's other tabs
 * through the storage event.
 */
export function useSavedSync(owner: SavedOwner | null) {
  const queryClient = useQueryClient();
  const userId = owner?.kind === 'user' ? owner.userId : null;
  const isGuest = owner?.kind === 'guest';

  useEffect(() => {
    if (!userId) return;
    const queryKey = savedKeys.user(userId);
    // A change still in flight refetches when it settles; refetching now would paint the list without it.
    const refetch = () => {
      if (queryClient.isMutating({ mutationKey: SAVED_CHANGE_MUTATION_KEY }) > 0) return;
      void queryClient.invalidateQueries({ queryKey });
    };
    const closeChannel = listenToPrivateTopic(`saved:${userId}`, { onBroadcast: refetch, onSubscribed: refetch });
    const onVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', refetch);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', refetch);
      closeChannel();
    };
  }, [userId, queryClient]);

  useEffect(() => {
    if (!isGuest) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_SAVED_KEY || event.key === null) void queryClient.invalidateQueries({ queryKey: savedKeys.guest });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [isGuest, queryClient]);
}
