import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ItemPageSchema, parseOrThrow, type ItemPage } from './item-schemas.ts';

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;

export interface ListItemsParams {
  query: string;
  category: string | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  inStock: boolean;
  featured: boolean;
  sort: Sort;
  page: number;
}

export async function listItems(params: ListItemsParams, signal?: AbortSignal): Promise<ItemPage> {
  const supabase = await getSupabase();
  // An argument left out takes its SQL default: null, no filter.
  let request = supabase.rpc('search_items', {
    query: params.query,
    category: params.category ?? undefined,
    min_price: params.minPriceCents ?? undefined,
    max_price: params.maxPriceCents ?? undefined,
    in_stock: params.inStock,
    featured: params.featured,
    sort: params.sort,
    page: params.page,
    page_size: PAGE_SIZE,
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return parseOrThrow(ItemPageSchema, data, 'the catalog');
}

export const listItemsQueryOptions = (params: ListItemsParams) =>
  queryOptions({
    queryKey: ['catalog', 'items', params],
    queryFn: ({ signal }) => listItems(params, signal),
  });

export function useListItems(params: ListItemsParams) {
  // Keep the last page on screen while the next one loads, so the grid never collapses.
  return useQuery({ ...listItemsQueryOptions(params), placeholderData: keepPreviousData });
}
