import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ItemPageSchema, parseOrThrow, type ItemSummary } from './item-schemas.ts';

/** Items of the same category closest in price to the given one (the item itself left out). */
export async function getRelatedItems(categorySlug: string, itemId: number, priceCents: number): Promise<ItemSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('search_items', {
    category: categorySlug,
    sort: 'price_asc',
    min_price: Math.max(0, Math.round(priceCents * 0.5)),
    max_price: Math.round(priceCents * 1.5),
    page_size: 5,
  });
  if (error) throw new Error(error.message);
  return parseOrThrow(ItemPageSchema, data, 'related items')
    .items.filter((item) => item.id !== itemId)
    .slice(0, 4);
}

export const getRelatedItemsQueryOptions = (categorySlug: string, itemId: number, priceCents: number) =>
  queryOptions({
    queryKey: ['catalog', 'related', categorySlug, itemId],
    queryFn: () => getRelatedItems(categorySlug, itemId, priceCents),
  });

export function useRelatedItems(categorySlug: string | undefined, itemId: number, priceCents: number) {
  return useQuery({
    ...getRelatedItemsQueryOptions(categorySlug ?? '', itemId, priceCents),
    enabled: Boolean(categorySlug),
  });
}
