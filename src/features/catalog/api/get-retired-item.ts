import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { parseOrThrow } from './item-schemas.ts';

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

/** What the "no longer available" page may show of an item the shop no longer sells. */
export interface RetiredItem {
  title: string;
  category: { id: number; slug: string; name: string } | null;
}

/**
 * The title and category of the item at this address when the shop no longer sells it (archived
 * after it was published, or once ordered). null when the address is unknown or a draft's:
 * the page shows not-found and says nothing about it.
 */
export async function getRetiredItem(slug: string): Promise<RetiredItem | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('retired_item', { item_slug: slug });
  if (error) throw new Error(error.message);
  const [row] = parseOrThrow(RetiredItemRowsSchema, data, 'the retired item');
  if (!row) return null;
  const { title, category_id: id, category_slug: categorySlug, category_name: name } = row;
  return { title, category: id !== null && categorySlug !== null && name !== null ? { id, slug: categorySlug, name } : null };
}

export const getRetiredItemQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['catalog', 'retired-item', slug], queryFn: () => getRetiredItem(slug) });

/** Asked only once the item page knows no item on sale has this address (`enabled`). */
export function useRetiredItem(slug: string, enabled: boolean) {
  return useQuery({ ...getRetiredItemQueryOptions(slug), enabled });
}
