import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToPrivateTopic } from '@/lib/private-topics';
import { cartKeys } from '../api/cart-keys.ts';
import { CART_CHANGE_MUTATION_KEY } from './use-cart.ts';

/**
 * Keeps the cart fresh across tabs and devices: the database broadcasts every change to the
 * user's cart rows on their private topic `cart:<user id>` (only they may join it: RLS on
 * realtime.messages), and each one refetches the cart query (events never bypass the cache). Each
 * (re)subscription, a tab coming back to the foreground and the network coming back refetch too,
 * so a cart is never stale after a disconnect.
 */
export function useCartSync(userId: string | null) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const queryKey = cartKeys.user(userId);
    // A change still in flight refetches when it settles; refetching now would paint the cart without it.
    const refetch = () => {
      if (queryClient.isMutating({ mutationKey: CART_CHANGE_MUTATION_KEY }) > 0) return;
      void queryClient.invalidateQueries({ queryKey });
    };
    const closeChannel = listenToPrivateTopic(`cart:${userId}`, { onBroadcast: refetch, onSubscribed: refetch });
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
}
