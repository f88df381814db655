import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { publishReadiness } from '../utils/publish-readiness.ts';
import { adminErrorMessage } from './admin-errors.ts';
import { ITEM_COLUMNS, type AdminItem } from './admin-items.ts';
import { adminKeys } from './admin-keys.ts';
import { PRODUCT_COLUMNS, type AdminProduct } from './admin-products.ts';
import type { ItemInput } from './item-form-schema.ts';
import type { NewProductInput, ProductFormErrors, ProductInput } from './product-form-schema.ts';
import { ItemFieldError } from './save-item.ts';

/** A refusal that belongs to one field of the product form (the variant's web address taken). */
export class ProductFieldError extends Error {
  readonly errors: ProductFormErrors;
  constructor(errors: ProductFormErrors) {
    super(Object.values(errors).join(' '));
    this.errors = errors;
  }
}

export const STALE_PRODUCT_MESSAGE = 'Someone else changed this product since you opened it, so nothing was saved.';

/** A save refused because the product's details changed since they were loaded. */
export class StaleProductError extends Error {
  constructor() {
    super(STALE_PRODUCT_MESSAGE);
  }
}

const TAKEN_ADDRESS = 'Another item already has this web address. Choose another.';

/**
 * Creates a draft product with its first variant in one transaction (create_product): nothing is
 * left behind when the variant is refused. Its id.
 */
export async function createProduct(input: NewProductInput): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('create_product', {
    title: input.title,
    description: input.description,
    category_id: input.category_id,
    width_cm: input.width_cm ?? undefined,
    depth_cm: input.depth_cm ?? undefined,
    height_cm: input.height_cm ?? undefined,
    weight_kg: input.weight_kg ?? undefined,
    materials: input.materials,
    care: input.care,
    assembly: input.assembly,
    variant_title: input.variant_title,
    variant_slug: input.variant_slug,
    price_cents: input.price_cents,
    stock: input.stock,
    options: input.options,
  });
  if (error?.code === '23505') throw new ProductFieldError({ slug: TAKEN_ADDRESS });
  if (error) throw new Error(adminErrorMessage(error, 'the product was not created'));
  return data;
}

/** Saves a product's details while they are as loaded (`updated_at`, which publishing leaves alone). */
export async function updateProduct(productId: number, updatedAt: string, changes: ProductInput): Promise<AdminProduct> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('products')
    .update(changes)
    .eq('id', productId)
    .eq('updated_at', updatedAt)
    .select(PRODUCT_COLUMNS)
    .order('id', { referencedTable: 'variants' })
    .maybeSingle();
  if (error) throw new Error(adminErrorMessage(error, 'the product was not saved'));
  if (!data) throw new StaleProductError();
  return data;
}

/** Publishing refused by the database: the message says what to add first. */
export class PublishRefusedError extends Error {}

/**
 * Publishes a draft, or makes a published product a draft again. The database stamps the time,
 * refuses a product without a variant that has a picture and a price (23514), and puts the
 * variants on sale or takes them off (and out of every cart). Already done by someone else: the
 * product as it is now, unchanged.
 */
export async function setPublished(product: AdminProduct, publish: boolean): Promise<AdminProduct> {
  const supabase = await getSupabase();
  let request = supabase
    .from('products')
    .update({ published_at: publish ? new Date().toISOString() : null })
    .eq('id', product.id);
  request = publish ? request.is('published_at', null) : request.not('published_at', 'is', null);
  const { data, error } = await request.select(PRODUCT_COLUMNS).order('id', { referencedTable: 'variants' }).maybeSingle();
  if (error?.code === '23514') {
    const { missing } = publishReadiness(product.variants);
    throw new PublishRefusedError(`Not published: ${missing ?? 'add a picture and a price above €0 to a variant first.'} ${error.hint ?? ''}`.trim());
  }
  if (error) throw new Error(adminErrorMessage(error, publish ? 'the product was not published' : 'the product was not made a draft'));
  if (data) return data;
  const { data: current, error: readError } = await supabase
    .from('products')
    .select(PRODUCT_COLUMNS)
    .eq('id', product.id)
    .order('id', { referencedTable: 'variants' })
    .single();
  if (readError) throw new Error(readError.message);
  return current;
}

/**
 * Adds a variant to a product: in the product's category, with the product's description to start
 * from, and as much on sale as its product is (a draft's variants wait with it).
 */
export async function createVariant(product: Pick<AdminProduct, 'id' | 'category_id' | 'description'>, input: ItemInput): Promise<AdminItem> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .insert({
      product_id: product.id,
      category_id: product.category_id,
      title: input.title,
      slug: input.slug,
      description: input.description || product.description,
      price_cents: input.price_cents,
      stock: input.stock,
      options: input.options,
      featured: input.featured,
    })
    .select(ITEM_COLUMNS)
    .single();
  if (error?.code === '23505') throw new ItemFieldError({ slug: TAKEN_ADDRESS });
  if (error) throw new Error(adminErrorMessage(error, 'the variant was not added'));
  return data;
}

/**
 * After any change of a product: its page shows the saved row, and the lists, the activity log and
 * the shop's own copies (catalog, item pages, search) refetch.
 */
function useProductSaved(userId: string) {
  const queryClient = useQueryClient();
  return async (saved: AdminProduct) => {
    const key = adminKeys.product(userId, saved.id);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
      // Variants follow their product (on sale, category): their pages read them again.
      ...saved.variants.map((variant) => queryClient.invalidateQueries({ queryKey: adminKeys.item(userId, variant.id) })),
      queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      queryClient.invalidateQueries({ queryKey: ['search'] }),
    ]);
  };
}

export function useCreateProduct(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
      ]),
  });
}

export function useUpdateProduct(userId: string) {
  const onSaved = useProductSaved(userId);
  return useMutation({
    mutationFn: ({ productId, updatedAt, changes }: { productId: number; updatedAt: string; changes: ProductInput }) => updateProduct(productId, updatedAt, changes),
    onSuccess: onSaved,
  });
}

export function useSetPublished(userId: string) {
  const onSaved = useProductSaved(userId);
  return useMutation({
    mutationFn: ({ product, publish }: { product: AdminProduct; publish: boolean }) => setPublished(product, publish),
    onSuccess: onSaved,
  });
}

export function useCreateVariant(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, input }: { product: AdminProduct; input: ItemInput }) => createVariant(product, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.item(userId, saved.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
        queryClient.invalidateQueries({ queryKey: ['search'] }),
      ]);
    },
  });
}
