import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ADMIN_STALE_TIME, adminKeys, type ProductListFilters } from './admin-keys.ts';

export const ADMIN_PAGE_SIZE = 20;

/** `low_stock`: stock at or under the variant's own low_stock_threshold, kept by the database. */
const VARIANT_COLUMNS = 'id, slug, title, options, price_cents, currency, stock, low_stock, low_stock_threshold, image_paths, archived_at, on_sale';
const LIST_COLUMNS = `id, slug, title, published_at, updated_at, category:categories(id, name), variants:items(${VARIANT_COLUMNS})`;
/** The same, with only the variants a filter picked (and only products that have one). */
const LIST_COLUMNS_MATCHING = `id, slug, title, published_at, updated_at, category:categories(id, name), variants:items!inner(${VARIANT_COLUMNS})`;
export const PRODUCT_COLUMNS =
  `id, slug, title, description, category_id, width_cm, depth_cm, height_cm, weight_kg, materials, care, assembly, published_at, updated_at, variants:items(${VARIANT_COLUMNS})`;

/** `%` and `_` are wildcards to ILIKE: typed ones mean themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** How many products a search reaches through its variants' names and addresses, at most. */
const VARIANT_SEARCH_LIMIT = 200;

/**
 * One page of the admin's products, drafts and archived variants included (staff read every row,
 * RLS), each with its variants oldest first: newest product change first, filtered by name or web
 * address (the product's or a variant's), category and state.
 */
export async function listAdminProducts(filters: ProductListFilters) {
  const supabase = await getSupabase();
  const byVariant = filters.status === 'low-stock' || filters.status === 'archived';
  let request = supabase.from('products').select(byVariant ? LIST_COLUMNS_MATCHING : LIST_COLUMNS, { count: 'exact' });
  const search = filters.search.trim();
  if (search) {
    const pattern = JSON.stringify(likePattern(search));
    // A variant's own name or address ("…, rust", "/items/…-rust") finds its product too.
    const variants = await supabase.from('items').select('product_id').or(`title.ilike.${pattern},slug.ilike.${pattern}`).limit(VARIANT_SEARCH_LIMIT);
    if (variants.error) throw new Error(variants.error.message);
    const ids = [...new Set(variants.data.map((row) => row.product_id))];
    request = request.or([`title.ilike.${pattern}`, `slug.ilike.${pattern}`, ...(ids.length > 0 ? [`id.in.(${ids.join(',')})`] : [])].join(','));
  }
  if (filters.category !== null) request = request.eq('category_id', filters.category);
  if (filters.status === 'published') request = request.not('published_at', 'is', null);
  if (filters.status === 'drafts') request = request.is('published_at', null);
  if (filters.status === 'low-stock') request = request.eq('variants.on_sale', true).eq('variants.low_stock', true);
  if (filters.status === 'archived') request = request.not('variants.archived_at', 'is', null);
  const from = (filters.page - 1) * ADMIN_PAGE_SIZE;
  const { data, error, count } = await request
    .order('updated_at', { ascending: false })
    .order('id', { ascending: false })
    .order('id', { referencedTable: 'variants' })
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  // Shown by LoadError, which says what could not be loaded: the cause only.
  if (error) throw new Error(error.message);
  return { products: data, total: count ?? data.length };
}

export type AdminProductRow = Awaited<ReturnType<typeof listAdminProducts>>['products'][number];
export type AdminVariantRow = AdminProductRow['variants'][number];

export function useAdminProducts(userId: string, filters: ProductListFilters) {
  return useQuery({
    queryKey: adminKeys.products(userId, filters),
    queryFn: () => listAdminProducts(filters),
    staleTime: ADMIN_STALE_TIME,
    // Typing in the search keeps the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** A product with all its variants, oldest first; null when there is none with this id. */
export async function getAdminProduct(productId: number) {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('products')
    .select(PRODUCT_COLUMNS)
    .eq('id', productId)
    .order('id', { referencedTable: 'variants' })
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

export const getAdminProductQueryOptions = (userId: string, productId: number) =>
  queryOptions({ queryKey: adminKeys.product(userId, productId), queryFn: () => getAdminProduct(productId), staleTime: ADMIN_STALE_TIME });

export function useAdminProduct(userId: string, productId: number | undefined) {
  return useQuery({ ...getAdminProductQueryOptions(userId, productId ?? 0), enabled: productId !== undefined });
}
