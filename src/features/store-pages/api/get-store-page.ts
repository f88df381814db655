import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePageSlug } from '@/config/store-pages';
import { getSupabase } from '@/lib/supabase';
import { parsePageSections, type StorePage } from './store-page-schemas.ts';

/** The page with this slug; every slug the app routes has a row (the migration adds them). */
export async function getStorePage(slug: StorePageSlug): Promise<StorePage> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('store_pages').select('title, summary, sections, updated_at').eq('slug', slug).single();
  if (error) throw new Error(error.message);
  return { slug, title: data.title, summary: data.summary, updated_at: data.updated_at, sections: parsePageSections(data.sections) };
}

// Staff edit these rarely: a page read in the last few minutes is shown as it is.
export const getStorePageQueryOptions = (slug: StorePageSlug) =>
  queryOptions({ queryKey: ['store-pages', 'page', slug], queryFn: () => getStorePage(slug), staleTime: 5 * 60_000 });

export function useStorePage(slug: StorePageSlug) {
  return useQuery(getStorePageQueryOptions(slug));
}
