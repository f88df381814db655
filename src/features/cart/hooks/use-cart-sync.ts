import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openChannel } from '@/lib/supabase';
import { cartKeys } from '../api/cart-keys.ts';
import { CART_CHANGE_MUTATION_KEY } from './use-cart.ts';

/**
 * Keeps the cart fresh across tabs and devices: every change to the user's cart rows arrives
 * over realtime and refetches the cart query (events never bypass the cache). Each
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
    const closeChannel = openChannel((supabase) =>
      supabase
        .channel(`cart-${userId}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'cart_items', filter: `user_id=eq.${userId}` }, refetch)
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') refetch();
        }),
    );
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
