import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { CategorySchema, parseOrThrow, type Category } from './item-schemas.ts';

export async function getCategories(): Promise<Category[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('categories')
    .select('id, slug, name, description')
    .order('sort_order')
    .order('id');
  if (error) throw new Error(error.message);
  return parseOrThrow(z.array(CategorySchema), data, 'the categories');
}

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
