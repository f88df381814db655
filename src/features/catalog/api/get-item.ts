import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Json } from '@/types/database';
import type { ItemPageData, VariantOptions } from './item-schemas.ts';

/** The database checks options (valid_variant_options): a flat object of short strings. */
function asOptions(value: Json): VariantOptions {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The variant at this address, with its product (specifications) and the product's variants on
 * sale, oldest first, for the swatches. null when no item on sale has this slug (the page shows
 * not-found).
 */
export async function getItem(slug: string): Promise<ItemPageData | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .select(
      `id, slug, title, description, price_cents, currency, stock, category_id, image_paths, created_at, options,
       product:products (id, slug, title, width_cm, depth_cm, height_cm, weight_kg, materials, care, assembly,
         variants:items (id, slug, title, options, image_paths, price_cents, currency, stock))`,
    )
    .eq('slug', slug)
    // Customers cannot read archived items at all (RLS); staff can, but the shop is the same for them.
    .eq('on_sale', true)
    .eq('product.variants.on_sale', true)
    .order('id', { referencedTable: 'product.variants' })
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) return null;
  const { product } = data;
  return {
    ...data,
    options: asOptions(data.options),
    product: product && { ...product, variants: product.variants.map((variant) => ({ ...variant, options: asOptions(variant.options) })) },
  };
}

export const getItemQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['catalog', 'item', slug], queryFn: () => getItem(slug) });

/**
 * While another variant of the same product loads (a swatch was chosen), its page is drawn at once
 * from what the product already says of it; the rest (its description) follows with the fetch.
 * The page, and the focus on the swatches, stay put instead of flashing a skeleton.
 */
export function siblingPlaceholder(previous: ItemPageData | null | undefined, slug: string): ItemPageData | undefined {
  const variant = previous?.product?.variants.find((candidate) => candidate.slug === slug);
  if (!previous || !variant) return undefined;
  return { ...previous, ...variant };
}

export function useItem(slug: string) {
  return useQuery({ ...getItemQueryOptions(slug), placeholderData: (previous) => siblingPlaceholder(previous, slug) });
}
