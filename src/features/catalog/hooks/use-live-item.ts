import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openChannel } from '@/lib/supabase';
import { getItemQueryOptions } from '../api/get-item.ts';
import type { Item } from '../api/item-schemas.ts';

/**
 * Keeps the item page's stock live: row updates arrive over realtime and go into the query
 * cache (never around it). Every (re)subscription refetches, so nothing missed while the
 * socket was down stays stale.
 */
export function useLiveItem(item: Item | null) {
  const queryClient = useQueryClient();
  const id = item?.id;
  const slug = item?.slug;

  useEffect(() => {
    if (id === undefined || slug === undefined) return;
    const { queryKey } = getItemQueryOptions(slug);
    const topic = `item-stock-${id}`;
    return openChannel(topic, (supabase) =>
      supabase
        .channel(topic)
        .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'items', filter: `id=eq.${id}` }, (payload) => {
          const stock = (payload.new as { stock?: unknown }).stock;
          if (typeof stock !== 'number') return;
          queryClient.setQueryData(queryKey, (current) => (current ? { ...current, stock } : current));
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey });
        }),
    );
  }, [id, slug, queryClient]);
}
