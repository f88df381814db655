import * as z from 'zod/mini';
import type { Tables } from '@/types/database';

// Code on the first page (home, the header's cart) imports this module only for its types and loads
// it with `import()` next to supabase-js when it fetches: zod is then not part of the script the
// first paint waits to hydrate (docs/decisions/005). Lazily loaded routes import it as usual.

/**
 * A row of search_items' page (supabase/migrations/…_search_by_product.sql): one product, shown
 * through the variant that best fits the search and filters (`id`, `slug`, price, stock, pictures).
 */
export const ItemSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  stock: z.number(),
  image_paths: z.array(z.string()),
  created_at: z.string(),
  category_slug: z.string(),
  category_name: z.string(),
  /** The variant's options, such as { colour: 'Sage' }. */
  options: z.record(z.string(), z.string()),
  product_id: z.number(),
  product_title: z.string(),
  /** How many of the product's variants are on sale (colours to choose from). */
  variant_count: z.number(),
});
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

/**
 * A page of search_items. Past 1,000 matches `total` is a lower bound and `total_capped` is true
 * ("1,000+"); a page after the current one then exists. Optional for a database without
 * migration 20261123000300.
 */
export const ItemPageSchema = z.object({
  total: z.number(),
  total_capped: z.optional(z.boolean()),
  items: z.array(ItemSummarySchema),
  /** The text with a typo corrected ("sofs" → "sofa"), when a word of it was one. */
  suggestion: z.optional(z.string()),
});
export type ItemPage = z.infer<typeof ItemPageSchema>;

// Rows read from tables are typed by the schema (src/types/database.ts); only search_items'
// page, which the database sends as jsonb, is checked here.
export type Category = Pick<Tables<'categories'>, 'id' | 'slug' | 'name' | 'description'>;
export type Item = Pick<
  Tables<'items'>,
  'id' | 'slug' | 'title' | 'description' | 'price_cents' | 'currency' | 'stock' | 'category_id' | 'image_paths' | 'created_at'
>;

/** What tells a variant from its siblings: option name → value, such as { colour: 'Rust' }. */
export type VariantOptions = Record<string, string>;

/** One of a product's variants, as its swatch shows it. */
export type Variant = Pick<Tables<'items'>, 'id' | 'slug' | 'title' | 'image_paths' | 'price_cents' | 'currency' | 'stock'> & {
  options: VariantOptions;
};

/** What a product's variants share: its name and specifications. */
export type ProductDetails = Pick<
  Tables<'products'>,
  'id' | 'slug' | 'title' | 'width_cm' | 'depth_cm' | 'height_cm' | 'weight_kg' | 'materials' | 'care' | 'assembly'
> & { variants: Variant[] };

/** The item page: the variant at the address, its product and the product's variants on sale. */
export type ItemPageData = Item & { options: VariantOptions; product: ProductDetails | null };

/** Turns a Supabase error or an unexpected shape into an Error with a message a person can act on. */
export function parseOrThrow<T>(schema: z.ZodMiniType<T>, data: unknown, what: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`The server sent ${what} in an unexpected shape.`);
  return parsed.data;
}
