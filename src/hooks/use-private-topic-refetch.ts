import { useQueryClient, type MutationKey, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps a user's query fresh across tabs and devices: the database broadcasts every change of the
 * user's rows on a private topic (only they may join it: RLS on realtime.messages), and each one
 * refetches the query (events never bypass the cache). Each (re)subscription, a tab coming back to
 * the foreground and the network coming back refetch too, so it is never stale after a disconnect.
 * A change still in flight (`mutationKey`) refetches when it settles; refetching meanwhile would
 * paint the list without it. `topic` null (no user) listens to nothing.
 */
export function usePrivateTopicRefetch(topic: string | null, queryKey: QueryKey, mutationKey: MutationKey) {
  const queryClient = useQueryClient();
  // A query key is rebuilt on every render; its content is what matters (mutation keys are constants).
  const queryHash = JSON.stringify(queryKey);

  useEffect(() => {
    if (!topic) return;
    const refetch = () => {
      if (queryClient.isMutating({ mutationKey }) > 0) return;
      void queryClient.invalidateQueries({ queryKey: JSON.parse(queryHash) as QueryKey });
    };
    // The channel code loads with the first signed-in page, not with the first route's script
    // (realtime-js itself is in the supabase-js chunk either way).
    let open = true;
    let closeChannel: () => void = () => undefined;
    void import('@/lib/private-topics').then(({ listenToPrivateTopic }) => {
      if (open) closeChannel = listenToPrivateTopic(topic, { onBroadcast: refetch, onSubscribed: refetch });
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', refetch);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', refetch);
      open = false;
      closeChannel();
    };
  }, [topic, queryHash, mutationKey, queryClient]);
}
