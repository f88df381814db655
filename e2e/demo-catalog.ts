import { generateItems, productsOf, type SeedItem } from '../supabase/seed/catalog-generator.ts';

/** The catalog the e2e server seeds: the same 240 items (variants of 87 products) every run. */
export const DEMO_ITEMS = generateItems(240);
export const DEMO_PRODUCTS = productsOf(DEMO_ITEMS);

const FIRST_PAGE = 24;
const newestFirst = DEMO_ITEMS.map((item, id) => ({ item, id })).sort((a, b) => b.item.created_at.localeCompare(a.item.created_at) || b.id - a.id);
// Listings show products, each through its newest variant: the first page is the newest variant of
// each of the first 24 products met; the home page's featured row shows featured variants.
const newestVariantOfProduct = new Map<string, SeedItem>();
for (const { item } of newestFirst) if (!newestVariantOfProduct.has(item.product.slug)) newestVariantOfProduct.set(item.product.slug, item);
const titlesShownFirst = [
  ...[...newestVariantOfProduct.values()].slice(0, FIRST_PAGE).map((item) => item.title),
  ...DEMO_ITEMS.filter((item) => item.featured).map((item) => item.title),
];

/**
 * Whether the public pages show this item first, or a title that contains its title or is part of
 * it ("Fjord throw" and "Fjord throw, sage" answer to one text search): the home page's featured
 * and new items, the first page of the catalog and of search (newest first). A spec that changes an
 * item's stock or puts it in an account must take another one: the layout-shift check loads those
 * pages while other specs run, and the account-switch check looks for the first account's titles
 * on them.
 */
export function shownOnFirstPages(item: SeedItem): boolean {
  return titlesShownFirst.some((title) => title.includes(item.title) || item.title.includes(title));
}
