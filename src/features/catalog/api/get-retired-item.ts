import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { ItemPageSchema, parseOrThrow, type ItemSummary } from './item-schemas.ts';

/**
 * A row of retired_item (supabase/migrations/…_store_pages.sql). The category is a left join in
 * the database: an item without one comes back with nulls, whatever the generated types say.
 */
const RetiredItemRowsSchema = z.array(
  z.object({
    title: z.string(),
    category_id: z.nullable(z.number()),
    category_slug: z.nullable(z.string()),
    category_name: z.nullable(z.string()),
  }),
);

/** What tells a product's variants apart, as a shopper says it ("this colour", "other colours"). */
export type VersionNoun = 'colour' | 'material' | 'version';

/** What the "no longer available" page may show of an item the shop no longer sells. */
export interface RetiredItem {
  /** The product's name ("Linden wine glass"), not the retired variant's. */
  title: string;
  category: { id: number; slug: string; name: string } | null;
  /** Another variant of the same product still on sale (staff retired one colour, not the product). */
  stillSold: { slug: string; productId: number; noun: VersionNoun } | null;
}

function versionNoun(options: Record<string, string>): VersionNoun {
  return 'colour' in options ? 'colour' : 'material' in options ? 'material' : 'version';
}

/**
 * The product's variants on sale are found by its name in its category: retired_item tells no more
 * about the item than its title and category. A product of the very same name in the same category
 * is offered too, which is what a shopper looking for that name would want.
 */
async function onSaleVariantOf(title: string, categorySlug: string): Promise<ItemSummary | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('search_items', { query: title, category: categorySlug, sort: 'relevance', page_size: 24 });
  if (error) throw new Error(error.message);
  return parseOrThrow(ItemPageSchema, data, 'the retired item').items.find((item) => item.product_title === title) ?? null;
}

/**
 * The item at this address when the shop no longer sells it (archived after it was published, or
 * once ordered): its product's name and category, and another variant of it still on sale. null
 * when the address is unknown or a draft's: the page shows not-found and says nothing about it.
 */
export async function getRetiredItem(slug: string): Promise<RetiredItem | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('retired_item', { item_slug: slug });
  if (error) throw new Error(error.message);
  const [row] = parseOrThrow(RetiredItemRowsSchema, data, 'the retired item');
  if (!row) return null;
  const { title, category_id: id, category_slug: categorySlug, category_name: name } = row;
  const category = id !== null && categorySlug !== null && name !== null ? { id, slug: categorySlug, name } : null;
  const sibling = category ? await onSaleVariantOf(title, category.slug) : null;
  return {
    title,
    category,
    stillSold: sibling && { slug: sibling.slug, productId: sibling.product_id, noun: versionNoun(sibling.options) },
  };
}

/** The page's heading and title: the product is gone, or only the version the link was for. */
export function retiredItemHeading({ title, stillSold }: RetiredItem): string {
  return stillSold ? `This ${stillSold.noun} of ${title} is no longer available` : `${title} is no longer available`;
}

export const getRetiredItemQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['catalog', 'retired-item', slug], queryFn: () => getRetiredItem(slug) });

/** Asked only once the item page knows no item on sale has this address (`enabled`). */
export function useRetiredItem(slug: string, enabled: boolean) {
  return useQuery({ ...getRetiredItemQueryOptions(slug), enabled });
}
