import type { SupabaseClient } from '@supabase/supabase-js';
import { generateCategories, generateItems, itemPictures, productsOf } from './catalog-generator.ts';
import { renderItemImages } from './item-image.ts';
import { IMAGE_WIDTHS } from './item-look.ts';

export const ITEM_IMAGES_BUCKET = 'item-images';
const ITEM_BATCH = 1000;
const IMAGE_CONCURRENCY = 4;

export interface SeedOptions {
  items: number;
  /** Skip rendering and uploading images (benchmarks with 100,000 items reuse what is there). */
  images?: boolean;
  onProgress?: (message: string) => void;
}

export interface SeedSummary {
  categories: number;
  products: number;
  items: number;
  images: number;
}

function fail(step: string, error: { message: string } | null): void {
  if (error) throw new Error(`Seeding failed while ${step}: ${error.message}`);
}

async function inBatches<T>(values: readonly T[], size: number, work: (value: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < values.length; start += size) {
    await Promise.all(values.slice(start, start + size).map(work));
  }
}

/**
 * Seeds the demo catalog through the Supabase API with a service-role client, so the same code
 * seeds the local backend and a hosted project. Idempotent: upserts by slug and image path.
 */
export async function seedCatalog(client: SupabaseClient, options: SeedOptions): Promise<SeedSummary> {
  const progress = options.onProgress ?? (() => undefined);
  let images = 0;

  const items = generateItems(options.items);

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
    const pictures = itemPictures(items);
    const total = pictures.length * IMAGE_WIDTHS.length;
    // A few at a time: sharp renders on the thread pool while earlier pictures upload.
    await inBatches(pictures, IMAGE_CONCURRENCY, async ({ path, look, view }) => {
      for (const { width, body } of await renderItemImages(look, view)) {
        const { error } = await client.storage.from(ITEM_IMAGES_BUCKET).upload(`${path}-${width}.webp`, body, {
          contentType: 'image/webp',
          cacheControl: '31536000',
          upsert: true,
        });
        fail(`uploading image ${path}-${width}.webp`, error);
        images++;
      }
      if (images % 100 === 0 || images === total) progress(`images ${images}/${total}`);
    });
  }

  const { data: categoryRows, error: categoryError } = await client
    .from('categories')
    .upsert(generateCategories(), { onConflict: 'slug' })
    .select('id, slug');
  fail('writing categories', categoryError);
  const categoryIds = new Map((categoryRows ?? []).map((row: { id: number; slug: string }) => [row.slug, row.id]));

  const categoryId = (slug: string): number => {
    const id = categoryIds.get(slug);
    if (id === undefined) throw new Error(`Seeding failed: category ${slug} is missing`);
    return id;
  };

  // Products first (published: the demo catalog has no drafts), then their variants.
  const products = productsOf(items);
  const productIds = new Map<string, number>();
  for (let start = 0; start < products.length; start += ITEM_BATCH) {
    const batch = products
      .slice(start, start + ITEM_BATCH)
      .map(({ category_slug, ...product }) => ({ ...product, category_id: categoryId(category_slug), published_at: product.created_at }));
    const { data, error } = await client.from('products').upsert(batch, { onConflict: 'slug' }).select('id, slug');
    fail(`writing products ${start + 1}–${start + batch.length}`, error);
    for (const row of (data ?? []) as { id: number; slug: string }[]) productIds.set(row.slug, row.id);
  }

  for (let start = 0; start < items.length; start += ITEM_BATCH) {
    const batch = items.slice(start, start + ITEM_BATCH).map(({ category_slug, kind: _kind, look: _look, product, ...item }) => {
      const product_id = productIds.get(product.slug);
      if (product_id === undefined) throw new Error(`Seeding failed: product ${product.slug} is missing`);
      return { ...item, category_id: categoryId(category_slug), product_id };
    });
    const { error } = await client.from('items').upsert(batch, { onConflict: 'slug' });
    fail(`writing items ${start + 1}–${start + batch.length}`, error);
    progress(`items ${Math.min(start + ITEM_BATCH, items.length)}/${items.length}`);
  }

  return { categories: categoryIds.size, products: products.length, items: items.length, images };
}
