import type { SupabaseClient } from '@supabase/supabase-js';
import { CATEGORIES } from './catalog-vocabulary.ts';
import { IMAGE_VARIANTS_PER_CATEGORY, IMAGE_WIDTHS, generateCategories, generateItems, imagePath } from './catalog-generator.ts';
import { renderItemImage } from './item-image.ts';

export const ITEM_IMAGES_BUCKET = 'item-images';
const ITEM_BATCH = 1000;

export interface SeedOptions {
  items: number;
  /** Skip rendering and uploading images (benchmarks with 100,000 items reuse what is there). */
  images?: boolean;
  onProgress?: (message: string) => void;
}

export interface SeedSummary {
  categories: number;
  items: number;
  images: number;
}

function fail(step: string, error: { message: string } | null): void {
  if (error) throw new Error(`Seeding failed while ${step}: ${error.message}`);
}

/**
 * Seeds the demo catalog through the Supabase API with a service-role client, so the same code
 * seeds the local backend and a hosted project. Idempotent: upserts by slug and image path.
 */
export async function seedCatalog(client: SupabaseClient, options: SeedOptions): Promise<SeedSummary> {
  const progress = options.onProgress ?? (() => undefined);
  let images = 0;

  if (options.images !== false) {
    const { error: bucketError } = await client.storage.getBucket(ITEM_IMAGES_BUCKET);
    if (bucketError) {
      const { error } = await client.storage.createBucket(ITEM_IMAGES_BUCKET, {
        public: true,
        fileSizeLimit: '5MB',
        allowedMimeTypes: ['image/webp', 'image/jpeg', 'image/png'],
      });
      fail('creating the item-images bucket', error);
    }
    const total = CATEGORIES.length * IMAGE_VARIANTS_PER_CATEGORY * IMAGE_WIDTHS.length;
    for (const category of CATEGORIES) {
      for (let variant = 1; variant <= IMAGE_VARIANTS_PER_CATEGORY; variant++) {
        for (const width of IMAGE_WIDTHS) {
          const body = await renderItemImage(category.shape, variant, width);
          const { error } = await client.storage
            .from(ITEM_IMAGES_BUCKET)
            .upload(`${imagePath(category.slug, variant)}-${width}.webp`, body, {
              contentType: 'image/webp',
              cacheControl: '31536000',
              upsert: true,
            });
          fail(`uploading image ${imagePath(category.slug, variant)}-${width}.webp`, error);
          images++;
        }
      }
      progress(`images ${images}/${total}`);
    }
  }

  const { data: categoryRows, error: categoryError } = await client
    .from('categories')
    .upsert(generateCategories(), { onConflict: 'slug' })
    .select('id, slug');
  fail('writing categories', categoryError);
  const categoryIds = new Map((categoryRows ?? []).map((row: { id: number; slug: string }) => [row.slug, row.id]));

  const items = generateItems(options.items);
  for (let start = 0; start < items.length; start += ITEM_BATCH) {
    const batch = items.slice(start, start + ITEM_BATCH).map(({ category_slug, ...item }) => {
      const category_id = categoryIds.get(category_slug);
      if (category_id === undefined) throw new Error(`Seeding failed: category ${category_slug} is missing`);
      return { ...item, category_id };
    });
    const { error } = await client.from('items').upsert(batch, { onConflict: 'slug' });
    fail(`writing items ${start + 1}–${start + batch.length}`, error);
    progress(`items ${Math.min(start + ITEM_BATCH, items.length)}/${items.length}`);
  }

  return { categories: categoryIds.size, items: items.length, images };
}
