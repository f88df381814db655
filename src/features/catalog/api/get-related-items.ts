import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ItemPageSchema, parseOrThrow, type ItemSummary } from './item-schemas.ts';

/** Other products of the same category near the given one in price (its own product left out). */
export async function getRelatedItems(categorySlug: string, productId: number, priceCents: number): Promise<ItemSummary[]> {
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
    .items.filter((item) => item.product_id !== productId)
    .slice(0, 4);
}

export const getRelatedItemsQueryOptions = (categorySlug: string, productId: number, priceCents: number) =>
  queryOptions({
    queryKey: ['catalog', 'related', categorySlug, productId, priceCents],
    queryFn: () => getRelatedItems(categorySlug, productId, priceCents),
  });

export function useRelatedItems(categorySlug: string | undefined, productId: number, priceCents: number) {
  return useQuery({
    ...getRelatedItemsQueryOptions(categorySlug ?? '', productId, priceCents),
    enabled: Boolean(categorySlug),
  });
}
