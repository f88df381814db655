import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

export const ITEM_COLUMNS =
  'id, slug, title, description, price_cents, currency, stock, featured, archived_at, on_sale, image_paths, category_id, product_id, options, created_at, updated_at';

export async function getAdminItem(itemId: number) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('items').select(ITEM_COLUMNS).eq('id', itemId).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export type AdminItem = NonNullable<Awaited<ReturnType<typeof getAdminItem>>>;

export const getAdminItemQueryOptions = (userId: string, itemId: number) =>
  queryOptions({ queryKey: adminKeys.item(userId, itemId), queryFn: () => getAdminItem(itemId), staleTime: ADMIN_STALE_TIME });

export function useAdminItem(userId: string, itemId: number) {
  return useQuery(getAdminItemQueryOptions(userId, itemId));
}

async function getAdminCategories() {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('categories').select('id, name').order('sort_order').order('id');
  if (error) throw new Error(`The categories could not be loaded: ${error.message}`);
  return data;
}

export function useAdminCategories(userId: string) {
  return useQuery({ queryKey: adminKeys.categories(userId), queryFn: getAdminCategories, staleTime: 5 * 60_000 });
}
