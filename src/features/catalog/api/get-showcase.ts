import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { ItemSummary } from './item-schemas.ts';

async function showcase(kind: 'featured' | 'new'): Promise<ItemSummary[]> {
  // The schemas (and zod) load with supabase-js, not with the page: see item-schemas.ts.
  const [supabase, { ItemPageSchema, parseOrThrow }] = await Promise.all([getSupabase(), import('./item-schemas.ts')]);
  const { data, error } = await supabase.rpc('search_items', {
    featured: kind === 'featured',
    sort: 'newest',
    page_size: kind === 'featured' ? 4 : 8,
  });
  if (error) throw new Error(error.message);
  return parseOrThrow(ItemPageSchema, data, `${kind} items`).items;
}

export const getShowcaseQueryOptions = (kind: 'featured' | 'new') =>
  queryOptions({ queryKey: ['catalog', 'showcase', kind], queryFn: () => showcase(kind) });

/** Featured items and new arrivals for the home page. */
export function useShowcase(kind: 'featured' | 'new') {
  return useQuery(getShowcaseQueryOptions(kind));
}
