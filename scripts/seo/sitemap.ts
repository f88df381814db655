import type { SiteData } from './site-data.ts';
import { inSitemap, lastModified, siteRoutes } from './site-routes.ts';

/**
 * sitemap.xml and robots.txt, written by the build from the data the prerender used, so the
 * sitemap lists exactly the pages that were prerendered (never a draft or an archived item).
 * A sitemap holds at most 50,000 addresses (sitemaps.org); a larger site gets an index of several.
 */
export const SITEMAP_LIMIT = 50_000;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);

/** W3C datetime as sitemaps take it; the day is enough for a crawler's schedule. */
const w3cDate = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export interface SitemapFile {
  /** Relative to the site's root, such as `sitemap.xml` or `sitemap-2.xml`. */
  name: string;
  xml: string;
}

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** `sitemap.xml`, or when there are more addresses than one file holds, an index and its parts. */
export function sitemapFiles(data: SiteData, site: string, limit = SITEMAP_LIMIT): SitemapFile[] {
  const entries = siteRoutes(data)
    .filter(inSitemap)
    .map((route) => ({ loc: `${site}${route.path}`, lastmod: lastModified(route, data) }));
  if (entries.length <= limit) return [{ name: 'sitemap.xml', xml: urlset(entries) }];

  const parts: SitemapFile[] = [];
  for (let start = 0; start < entries.length; start += limit) {
    parts.push({ name: `sitemap-${parts.length + 1}.xml`, xml: urlset(entries.slice(start, start + limit)) });
  }
  const index = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((part) => `  <sitemap><loc>${escapeXml(`${site}/${part.name}`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
  return [{ name: 'sitemap.xml', xml: index }, ...parts];
}

/**
 * robots.txt: everything public may be crawled; a shopper's own pages (cart, checkout, account,
 * orders), the store admin and the backend's APIs are not worth crawling. Pictures stay allowed
 * (image search, share cards).
 */
export function robotsTxt(site: string, privatePrefixes: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePrefixes.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
}
