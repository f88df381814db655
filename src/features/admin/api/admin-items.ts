import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ADMIN_STALE_TIME, adminKeys, type ItemListFilters } from './admin-keys.ts';

export const ADMIN_PAGE_SIZE = 20;
/** At or under this many, an item on sale counts as running low. */
export const LOW_STOCK = 5;

const LIST_COLUMNS = 'id, slug, title, price_cents, currency, stock, featured, archived_at, image_paths, updated_at, category:categories(id, name)';
export const ITEM_COLUMNS =
  'id, slug, title, description, price_cents, currency, stock, featured, archived_at, image_paths, category_id, created_at, updated_at';

/** `%` and `_` are wildcards to ILIKE: typed ones mean themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of the admin's item list, archived items included (staff read every item, RLS):
 * newest change first, filtered by title or web address, category and state.
 */
export async function listAdminItems(filters: ItemListFilters) {
  const supabase = await getSupabase();
  let request = supabase.from('items').select(LIST_COLUMNS, { count: 'exact' });
  const search = filters.search.trim();
  if (search) request = request.or(`title.ilike.${JSON.stringify(likePattern(search))},slug.ilike.${JSON.stringify(likePattern(search))}`);
  if (filters.category !== null) request = request.eq('category_id', filters.category);
  // on_sale rather than archived_at's nullness: see the column's comment (the planner's estimate).
  if (filters.status === 'on-sale') request = request.eq('on_sale', true);
  if (filters.status === 'archived') request = request.eq('on_sale', false);
  if (filters.status === 'low-stock') request = request.eq('on_sale', true).lte('stock', LOW_STOCK);
  const from = (filters.page - 1) * ADMIN_PAGE_SIZE;
  const { data, error, count } = await request
    .order('updated_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  // Shown by LoadError, which says what could not be loaded: the cause only.
  if (error) throw new Error(error.message);
  return { items: data, total: count ?? data.length };
}

export type AdminItemRow = Awaited<ReturnType<typeof listAdminItems>>['items'][number];

export function useAdminItems(userId: string, filters: ItemListFilters) {
  return useQuery({
    queryKey: adminKeys.items(userId, filters),
    queryFn: () => listAdminItems(filters),
    staleTime: ADMIN_STALE_TIME,
    // Typing in the search keeps the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

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
