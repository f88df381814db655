import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';

const SuggestionSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  stock: z.number(),
  image_paths: z.array(z.string()),
  category_name: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
// total_capped: past 1,000 matches `total` is a lower bound ("1,000+"); optional for a database without it.
const SuggestionPageSchema = z.object({
  total: z.number(),
  total_capped: z.optional(z.boolean()),
  items: z.array(SuggestionSchema),
});

export async function searchSuggestions(query: string, signal?: AbortSignal) {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .rpc('search_items', { query, sort: 'relevance', page_size: 6 })
    .abortSignal(signal ?? new AbortController().signal);
  if (error) throw new Error(error.message);
  const parsed = SuggestionPageSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent search results in an unexpected shape.');
  return parsed.data;
}

export const searchSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', query],
    // A newer query aborts the older request (signal), so a slow stale answer never lands.
    queryFn: ({ signal }) => searchSuggestions(query, signal),
    staleTime: 60_000,
  });

export function useSearchSuggestions(query: string) {
  return useQuery({ ...searchSuggestionsQueryOptions(query), enabled: query.length > 0, placeholderData: keepPreviousData });
}
