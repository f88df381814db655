import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Item } from './item-schemas.ts';

/** null when no item has this slug (the page shows not-found). */
export async function getItem(slug: string): Promise<Item | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .select('id, slug, title, description, price_cents, currency, stock, category_id, image_paths, created_at')
    .eq('slug', slug)
    // Customers cannot read archived items at all (RLS); staff can, but the shop is the same for them.
    .is('archived_at', null)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export const getItemQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['catalog', 'item', slug], queryFn: () => getItem(slug) });

export function useItem(slug: string) {
  return useQuery(getItemQueryOptions(slug));
}
