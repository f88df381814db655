import { describe, expect, it } from 'vitest';
import { paths } from '../../src/config/paths.ts';
import { STORE_PAGE_SLUGS } from '../../src/config/store-pages.ts';
import { privatePrefixes, redirectsFile, ROUTE_TABLE } from './app-routes.ts';
import { headTagsFor, pageSummaryOf } from './head-tags.ts';
import type { SiteData, SiteItem } from './site-data.ts';
import { siteRoutes, type SiteRoute } from './site-routes.ts';
import { robotsTxt, sitemapFiles } from './sitemap.ts';
import { jsonLdIn, structuredDataProblems, structuredDataTypes } from './structured-data-rules.ts';
import { homeJsonLd, productJsonLd } from './structured-data.ts';

const ADDRESSES = { site: 'https://shop.example', files: 'https://project.supabase.co' };

function item(overrides: Partial<SiteItem> = {}): SiteItem {
  return {
    slug: 'halo-lamp-brass',
    title: 'Halo lamp, brass',
    description: 'A warm table lamp.',
    price_cents: 4900,
    currency: 'EUR',
    stock: 3,
    image_paths: ['lamp/halo-brass-front', 'lamp/halo-brass-side'],
    options: { colour: 'Brass' },
    updated_at: '2026-11-20T10:00:00Z',
    category: { slug: 'lighting', name: 'Lighting' },
    product: { slug: 'halo-lamp', title: 'Halo lamp' },
    ...overrides,
  };
}

const DATA: SiteData = {
  categories: [
    { slug: 'lighting', name: 'Lighting' },
    { slug: 'textiles', name: 'Textiles' },
  ],
  items: [
    item(),
    item({ slug: 'halo-lamp-black', title: 'Halo lamp, black', stock: 0, options: { colour: 'Black' }, updated_at: '2026-11-24T08:30:00Z' }),
    item({ slug: 'linen-throw', title: 'Linen throw & cushion', category: { slug: 'textiles', name: 'Textiles' }, updated_at: '2026-10-02T00:00:00Z', product: null }),
  ],
  storePages: ['contact', 'delivery-and-returns', 'privacy', 'terms'].map((slug) => ({
    slug,
    title: slug,
    summary: `About ${slug}`,
    updated_at: '2026-11-01T00:00:00Z',
  })),
  profile: {
    name: 'Lumen',
    legal_name: 'Lumen Home Goods Ltd.',
    contact_email: 'hello@lumen.example',
    phone: '+35315550142',
    address_line1: '12 Harbour Street',
    postcode: 'D02 X285',
    city: 'Dublin',
    country: 'IE',
    vat_id: 'IE3712345LH',
  },
};

const routeAt = (path: string): SiteRoute => {
  const route = siteRoutes(DATA).find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};
const PAGE = { title: 'Halo lamp, brass · Lumen', description: 'A warm "table" lamp.' };

describe('sitemap.xml', () => {
  const [sitemap] = sitemapFiles(DATA, ADDRESSES.site);
  const locs = [...(sitemap?.xml ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

  it('lists the home page, catalog, categories, every variant and the store pages with absolute addresses', () => {
    expect(sitemap?.name).toBe('sitemap.xml');
    expect(locs).toEqual([
      'https://shop.example/',
      'https://shop.example/catalog',
      'https://shop.example/catalog/lighting',
      'https://shop.example/catalog/textiles',
      'https://shop.example/items/halo-lamp-brass',
      'https://shop.example/items/halo-lamp-black',
      'https://shop.example/items/linen-throw',
      'https://shop.example/contact',
      'https://shop.example/delivery-and-returns',
      'https://shop.example/privacy',
      'https://shop.example/terms',
    ]);
  });

  it("gives each page the day its content last changed, a category's and the catalog's from their newest item", () => {
    expect(sitemap?.xml).toContain('<loc>https://shop.example/items/halo-lamp-black</loc><lastmod>2026-11-24</lastmod>');
    expect(sitemap?.xml).toContain('<loc>https://shop.example/catalog/lighting</loc><lastmod>2026-11-24</lastmod>');
    expect(sitemap?.xml).toContain('<loc>https://shop.example/catalog/textiles</loc><lastmod>2026-10-02</lastmod>');
    expect(sitemap?.xml).toContain('<loc>https://shop.example/</loc><lastmod>2026-11-24</lastmod>');
    expect(sitemap?.xml).toContain('<loc>https://shop.example/privacy</loc><lastmod>2026-11-01</lastmod>');
  });

  it('leaves out the search form and the sign-in pages, and is well-formed XML in the sitemaps.org namespace', () => {
    expect(sitemap?.xml).not.toMatch(/sign-in|sign-up|forgot-password|\/search/);
    expect(sitemap?.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(sitemap?.xml.match(/<url>/g)).toHaveLength(locs.length);
  });

  it('escapes what XML would misread in an address', () => {
    const [withAmpersand] = sitemapFiles({ ...DATA, categories: [{ slug: 'a&b', name: 'A & B' }] }, 'https://shop.example');
    expect(withAmpersand?.xml).toContain('<loc>https://shop.example/catalog/a%26b</loc>');
    const [raw] = sitemapFiles({ ...DATA, items: [item({ slug: "o'neil" })] }, 'https://shop.example');
    expect(raw?.xml).toContain('<loc>https://shop.example/items/o&apos;neil</loc>');
  });

  it('splits a site larger than one sitemap holds into an index and parts', () => {
    const files = sitemapFiles(DATA, ADDRESSES.site, 5);
    expect(files.map((file) => file.name)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(files[0]?.xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(files[0]?.xml).toContain('<sitemap><loc>https://shop.example/sitemap-3.xml</loc></sitemap>');
    const parts = files.slice(1).map((file) => file.xml.match(/<url>/g)?.length);
    expect(parts).toEqual([5, 5, 1]);
  });
});

describe('robots.txt', () => {
  const robots = robotsTxt(ADDRESSES.site, privatePrefixes());

  it('names the sitemap by its absolute address and lets crawlers in', () => {
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(robots).toContain('\nSitemap: https://shop.example/sitemap.xml\n');
  });

  it("keeps crawlers out of shoppers' own pages, the admin and the APIs, but not the public pages or pictures", () => {
    const disallowed = [...robots.matchAll(/^Disallow: (.*)$/gm)].map((match) => match[1]);
    expect(disallowed).toEqual(expect.arrayContaining(['/cart', '/checkout', '/account', '/orders/', '/admin', '/auth/', '/rest/', '/_dev/']));
    for (const open of ['/', '/catalog', '/items/halo-lamp-brass', '/search', '/contact', '/storage/v1/object/public/item-images/x.webp']) {
      expect(
        disallowed.some((prefix) => prefix !== undefined && open.startsWith(prefix)),
        open,
      ).toBe(false);
    }
  });
});

describe('head tags of a prerendered page', () => {
  it('gives an item page its canonical address, a product share card with its first picture, and Product and BreadcrumbList data', () => {
    const html = headTagsFor(routeAt('/items/halo-lamp-brass'), PAGE, DATA, ADDRESSES);
    expect(html).toContain('<link rel="canonical" href="https://shop.example/items/halo-lamp-brass"/>');
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('<meta property="og:url" content="https://shop.example/items/halo-lamp-brass"/>');
    expect(html).toContain('<meta property="og:image" content="https://project.supabase.co/storage/v1/object/public/item-images/lamp/halo-brass-front-640.webp"/>');
    expect(html).toContain('<meta property="og:image:width" content="640"/><meta property="og:image:height" content="800"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta property="og:description" content="A warm &quot;table&quot; lamp."/>');
    expect(html).toContain('<meta property="product:price:amount" content="49.00"/>');
    expect(html).not.toContain('noindex');
    const documents = jsonLdIn(html);
    expect(structuredDataTypes(documents)).toEqual(['Product', 'BreadcrumbList']);
    expect(documents.flatMap(structuredDataProblems)).toEqual([]);
    expect(documents[0]).toMatchObject({
      name: 'Halo lamp, brass',
      sku: 'halo-lamp-brass',
      color: 'Brass',
      inProductGroupWithID: 'halo-lamp',
      offers: { price: '49.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url: 'https://shop.example/items/halo-lamp-brass' },
    });
    expect(documents[1]).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Catalog', item: 'https://shop.example/catalog' },
        { position: 2, name: 'Lighting', item: 'https://shop.example/catalog/lighting' },
        { position: 3, name: 'Halo lamp, brass', item: 'https://shop.example/items/halo-lamp-brass' },
      ],
    });
  });

  it('says out of stock for a variant with none left', () => {
    const [product] = jsonLdIn(headTagsFor(routeAt('/items/halo-lamp-black'), PAGE, DATA, ADDRESSES));
    expect(product).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it("gives the home page the shop's card, the Organization and the WebSite with its search box", () => {
    const html = headTagsFor(routeAt('/'), { title: 'Lumen — a calm catalog', description: 'Things for the home.' }, DATA, ADDRESSES);
    expect(html).toContain('<link rel="canonical" href="https://shop.example/"/>');
    expect(html).toContain('<meta property="og:image" content="https://shop.example/share-card.png"/>');
    expect(html).toContain('<meta property="og:type" content="website"/>');
    const documents = jsonLdIn(html);
    expect(structuredDataTypes(documents)).toEqual(['Organization', 'WebSite']);
    expect(documents.flatMap(structuredDataProblems)).toEqual([]);
    expect(JSON.stringify(documents[0])).toContain('"urlTemplate":"https://shop.example/search?q={search_term_string}"');
    expect(JSON.stringify(documents[0])).toContain('"email":"hello@lumen.example"');
  });

  it('gives a category its breadcrumbs, and keeps the sign-in pages out of search results', () => {
    const category = jsonLdIn(headTagsFor(routeAt('/catalog/textiles'), PAGE, DATA, ADDRESSES));
    expect(structuredDataTypes(category)).toEqual(['BreadcrumbList']);
    expect(category.flatMap(structuredDataProblems)).toEqual([]);
    expect(headTagsFor(routeAt('/sign-in'), PAGE, DATA, ADDRESSES)).toContain('<meta name="robots" content="noindex"/>');
    expect(headTagsFor(routeAt('/search'), PAGE, DATA, ADDRESSES)).not.toContain('noindex');
  });

  it('keeps a title that would close the script inside the JSON-LD', () => {
    const html = headTagsFor(
      { kind: 'item', path: '/items/x', item: item({ slug: 'x', title: '</script><script>alert(1)</script>' }) },
      PAGE,
      DATA,
      ADDRESSES,
    );
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(jsonLdIn(html)[0]).toMatchObject({ name: '</script><script>alert(1)</script>' });
  });

  it("reads the page's title and description back out of React's head markup", () => {
    expect(pageSummaryOf('<title>Tom &amp; Jerry&#x27;s · Lumen</title><meta name="description" content="A &quot;quiet&quot; page"/>')).toEqual({
      title: "Tom & Jerry's · Lumen",
      description: 'A "quiet" page',
    });
    expect(() => pageSummaryOf('<title>x</title>')).toThrow(/description/);
  });
});

describe('the structured-data rules', () => {
  it('find what search engines require missing', () => {
    const product = productJsonLd(item(), ADDRESSES, DATA.profile);
    const offers = product.offers as Record<string, unknown>;
    expect(structuredDataProblems({ ...product, name: '' })).toEqual(['document (Product): name is required']);
    expect(structuredDataProblems({ ...product, image: ['/relative.webp'] })).toEqual(['document (Product): image must be one or more absolute URLs']);
    expect(structuredDataProblems({ ...product, offers: undefined })).toEqual(['document (Product): offers, review or aggregateRating is required']);
    expect(structuredDataProblems({ ...product, offers: { ...offers, price: '49,00' } })[0]).toMatch(/price must be a number/);
    expect(structuredDataProblems({ ...product, offers: { ...offers, priceCurrency: 'euro' } })[0]).toMatch(/priceCurrency/);
    expect(structuredDataProblems({ ...product, offers: { ...offers, availability: 'in stock' } })[0]).toMatch(/availability/);
    expect(structuredDataProblems({ ...product, '@context': undefined })).toEqual(['@context must be https://schema.org']);
    const home = homeJsonLd(DATA.profile, ADDRESSES);
    const [organization, webSite] = home['@graph'] as Record<string, unknown>[];
    expect(structuredDataProblems({ ...home, '@graph': [organization, { ...webSite, potentialAction: { '@type': 'SearchAction', target: 'https://shop.example/search' } }] })).toEqual([
      '@graph[1] (WebSite): the SearchAction\'s target must be an absolute URL template with {search_term_string}',
      '@graph[1] (WebSite): the SearchAction needs query-input "required name=search_term_string"',
    ]);
    expect(
      structuredDataProblems({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 2, name: 'Catalog' }] }),
    ).toEqual(['document (BreadcrumbList): itemListElement needs at least two ListItems']);
  });
});

describe('the route table', () => {
  it('answers every route of the app: prerendered, looked up, or the app shell', () => {
    const prerendered = new Set(siteRoutes(DATA).map((route) => route.path));
    // The store pages' route takes any one-part address: its pages are prerendered, the rest not found.
    const known = new Set([...prerendered, ...ROUTE_TABLE.app, ROUTE_TABLE.lookups.item, ROUTE_TABLE.lookups.category, paths.storePage.path]);
    for (const slug of STORE_PAGE_SLUGS) expect(prerendered.has(paths.storePage.getHref(slug)), slug).toBe(true);
    const appPaths = Object.values(paths)
      .map((entry) => ('path' in entry ? entry.path : ''))
      .filter((path) => path.startsWith('/'));
    expect(appPaths.filter((path) => !known.has(path))).toEqual([]);
  });

  it('writes dist/_redirects with the app shell for the app pages and 404 for everything else, last', () => {
    const redirects = redirectsFile('app-shell.html');
    expect(redirects).toContain('\n/checkout  /app-shell.html  200\n');
    expect(redirects).toContain('\n/admin/*  /app-shell.html  200\n');
    const rules = redirects.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules.at(-1)).toBe('/*  /404.html  404');
    expect(rules.filter((rule) => rule.startsWith('/items') || rule.startsWith('/catalog'))).toEqual([]);
  });
});
