import type { APIRequestContext } from '@playwright/test';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { jsonLdIn, structuredDataProblems, structuredDataTypes } from '../scripts/seo/structured-data-rules.ts';
import { stockedItem } from './cart-helpers.ts';
import { DEMO_ITEMS } from './demo-catalog.ts';
import { expect, test } from './fixtures.ts';

// What search engines and link previews read: the sitemap, robots.txt, each page's head tags and
// JSON-LD, and the statuses of addresses that are not (or no longer) pages. The build writes
// absolute addresses on SITE_URL (http://localhost:54321 locally), which need not be the port
// these tests run on: they compare paths.

const serviceHeaders = { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
const pathOf = (url: string) => new URL(url).pathname;
const ITEM = DEMO_ITEMS[0];
if (!ITEM) throw new Error('the demo catalog is empty');

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
}

test('the sitemap lists every item, category and store page by its absolute address, and each answers 200', async ({ request }) => {
  const locations = await sitemapPaths(request);
  for (const location of locations) expect(location, 'absolute').toMatch(/^https?:\/\/[^/]+\//);
  const paths = locations.map(pathOf);
  expect(paths).toEqual(expect.arrayContaining(['/', '/catalog', '/catalog/lighting', `/items/${ITEM.slug}`, '/contact', '/delivery-and-returns', '/privacy', '/terms']));
  // The demo catalog's items are all on sale when the build reads it: every variant has its address.
  expect(paths.filter((path) => path.startsWith('/items/'))).toHaveLength(DEMO_ITEMS.length);
  expect(paths).not.toContain('/sign-in');
  expect(new Set(paths).size).toBe(paths.length);
  // A sample of every kind answers as a page (the whole list is a few hundred requests).
  for (const path of ['/', '/catalog', '/catalog/lighting', `/items/${ITEM.slug}`, '/contact', paths.at(-1) ?? '/']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('robots.txt names the sitemap and keeps crawlers out of private pages only', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const robots = await response.text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  expect(robots).toMatch(/^Disallow: \/checkout$/m);
  expect(robots).toMatch(/^Disallow: \/account$/m);
  expect(robots).not.toMatch(/^Disallow: \/(items|catalog|search)?$/m);
});

test('an item page carries its canonical address, a share card with its picture, and valid Product and BreadcrumbList data', async ({ request }) => {
  const html = await (await request.get(`/items/${ITEM.slug}`)).text();
  const canonical = /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1] ?? '';
  expect(pathOf(canonical)).toBe(`/items/${ITEM.slug}`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(html).toContain('<meta property="og:type" content="product"/>');
  const image = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)?.[1] ?? '';
  expect(image).toMatch(/^https?:\/\/.+-640\.webp$/);
  // The picture is really there (the same path on the server these tests run on).
  const picture = await request.get(pathOf(image));
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/webp');

  const documents = jsonLdIn(html);
  expect(structuredDataTypes(documents)).toEqual(['Product', 'BreadcrumbList']);
  expect(documents.flatMap(structuredDataProblems)).toEqual([]);
  expect(documents[0]).toMatchObject({
    name: ITEM.title,
    offers: { price: (ITEM.price_cents / 100).toFixed(2), priceCurrency: 'EUR', availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/) },
  });
});

test('the home page describes the shop and its search box; categories their breadcrumbs; sign-in is not indexed', async ({ request }) => {
  const home = jsonLdIn(await (await request.get('/')).text());
  expect(structuredDataTypes(home)).toEqual(['Organization', 'WebSite']);
  expect(home.flatMap(structuredDataProblems)).toEqual([]);
  const category = jsonLdIn(await (await request.get('/catalog/lighting')).text());
  expect(structuredDataTypes(category)).toEqual(['BreadcrumbList']);
  expect(category.flatMap(structuredDataProblems)).toEqual([]);
  const contact = await (await request.get('/contact')).text();
  expect(contact).toMatch(/<link rel="canonical" href="https?:\/\/[^/]+\/contact"\/>/);
  expect(contact).toContain('<meta property="og:image" content="');
  expect(await (await request.get('/sign-in')).text()).toContain('<meta name="robots" content="noindex"/>');
});

test('unknown addresses answer 404 with the not-found page; the app pages answer 200', async ({ page, request }) => {
  for (const path of ['/items/does-not-exist', '/catalog/nope', '/no/such/page']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain('Page not found');
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
  }
  for (const path of ['/cart', '/checkout', '/account', '/orders/ABCD-EFGH', '/admin/items']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  // The browser shows the not-found page the status goes with.
  const response = await page.goto('/items/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('an item taken off sale answers 410, and 200 again once it is back', async ({ request }) => {
  const item = stockedItem(38);
  const archive = (archivedAt: string | null) =>
    request.patch(`/rest/v1/items?slug=eq.${encodeURIComponent(item.slug)}`, { headers: serviceHeaders, data: { archived_at: archivedAt } });
  expect((await request.get(`/items/${item.slug}`)).status()).toBe(200);
  expect((await archive(new Date().toISOString())).status()).toBe(204);
  try {
    // Its prerendered page is not served for an item no longer sold.
    expect((await request.get(`/items/${item.slug}`)).status()).toBe(410);
  } finally {
    expect((await archive(null)).status()).toBe(204);
  }
  expect((await request.get(`/items/${item.slug}`)).status()).toBe(200);
});
