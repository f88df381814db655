import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * What the build knows of the public site, read once as a visitor would (the publishable key, so
 * RLS leaves out drafts and archived items): it decides which pages are prerendered, what the
 * sitemap lists, and what each page tells search engines and share cards.
 */
export interface SiteCategory {
  slug: string;
  name: string;
}

export interface SiteItem {
  slug: string;
  title: string;
  description: string;
  price_cents: number;
  currency: string;
  stock: number;
  image_paths: string[];
  options: Record<string, string>;
  /** The later of the variant's and its product's last change. */
  updated_at: string;
  category: SiteCategory | null;
  /** The product the variant belongs to (its variants share it). */
  product: { slug: string; title: string } | null;
}

export interface SiteStorePage {
  slug: string;
  title: string;
  summary: string;
  updated_at: string;
}

export interface StoreProfile {
  name: string;
  legal_name: string;
  contact_email: string;
  phone: string | null;
  address_line1: string;
  postcode: string;
  city: string;
  country: string;
  vat_id: string | null;
}

export interface SiteData {
  categories: SiteCategory[];
  items: SiteItem[];
  storePages: SiteStorePage[];
  profile: StoreProfile;
}

const PAGE_SIZE = 1000;

/** A variant as the API answers it: the category and the options are resolved into SiteItem's shape. */
interface ItemRow extends Pick<SiteItem, 'slug' | 'title' | 'description' | 'price_cents' | 'currency' | 'stock' | 'image_paths' | 'updated_at'> {
  options: unknown;
  category_id: number | null;
  product: { slug: string; title: string; category_id: number | null; updated_at: string } | null;
}

function asOptions(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const later = (a: string, b: string | undefined) => (b && Date.parse(b) > Date.parse(a) ? b : a);

function fail(what: string, message: string): never {
  throw new Error(`Reading ${what} failed: ${message}`);
}

export async function loadSiteData(client: SupabaseClient): Promise<SiteData> {
  const [categories, storePages, profile] = await Promise.all([
    client.from('categories').select('id, slug, name').order('slug'),
    client.from('store_pages').select('slug, title, summary, updated_at').order('slug'),
    client.from('store_profile').select('name, legal_name, contact_email, phone, address_line1, postcode, city, country, vat_id').single(),
  ]);
  if (categories.error) fail('the categories', categories.error.message);
  if (storePages.error) fail('the store pages', storePages.error.message);
  if (profile.error) fail("the shop's profile", profile.error.message);
  const categoryById = new Map(categories.data.map((row) => [row.id as number, { slug: row.slug as string, name: row.name as string }]));

  const items: SiteItem[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const page = await client
      .from('items')
      .select('slug, title, description, price_cents, currency, stock, image_paths, options, updated_at, category_id, product:products (slug, title, category_id, updated_at)')
      .eq('on_sale', true)
      .order('id')
      .range(from, from + PAGE_SIZE - 1)
      .overrideTypes<ItemRow[], { merge: false }>();
    if (page.error) fail('the items', page.error.message);
    for (const row of page.data) {
      const categoryId = row.product?.category_id ?? row.category_id;
      items.push({
        slug: row.slug,
        title: row.title,
        description: row.description,
        price_cents: row.price_cents,
        currency: row.currency,
        stock: row.stock,
        image_paths: row.image_paths,
        options: asOptions(row.options),
        updated_at: later(row.updated_at, row.product?.updated_at),
        category: categoryId === null ? null : (categoryById.get(categoryId) ?? null),
        product: row.product && { slug: row.product.slug, title: row.product.title },
      });
    }
    if (page.data.length < PAGE_SIZE) break;
  }

  return {
    categories: categories.data.map((row) => ({ slug: row.slug as string, name: row.name as string })),
    items,
    storePages: storePages.data as SiteStorePage[],
    profile: profile.data as StoreProfile,
  };
}
