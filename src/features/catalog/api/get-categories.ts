import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Category } from './item-schemas.ts';

export async function getCategories(): Promise<Category[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('categories')
    .select('id, slug, name, description')
    .order('sort_order')
    .order('id');
  if (error) throw new Error(error.message);
  return data;
}

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
