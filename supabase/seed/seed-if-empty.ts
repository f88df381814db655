import type { Database } from '../../server/index.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { seedCatalog, type SeedSummary } from './seed-catalog.ts';

export const DEFAULT_DEMO_ITEMS = 240;

/**
 * `npm start` on a fresh database: seed the demo catalog through the API (images included)
 * when the project has Lumen's catalog and it is empty. Returns null when nothing was done.
 */
export async function seedCatalogIfEmpty(
  db: Database,
  client: SupabaseClient,
  options: { items?: number; images?: boolean; onProgress?: (message: string) => void } = {},
): Promise<SeedSummary | null> {
  // Two statements: a query naming public.items would not even parse in a project without it.
  const { rows: tables } = await db.query<{ present: boolean }>(`select to_regclass('public.items') is not null as present`);
  if (tables[0]?.present !== true) return null;
  const { rows } = await db.query<{ empty: boolean }>(`select not exists (select 1 from public.items) as empty`);
  if (rows[0]?.empty !== true) return null;
  return seedCatalog(client, { items: options.items ?? DEFAULT_DEMO_ITEMS, images: options.images, onProgress: options.onProgress });
}
