import { decodeHtmlEntities } from '../../server/index.ts';
import { serializeState } from '../../src/app/prerendered-page.ts';
import type { SiteData } from './site-data.ts';
import type { SiteRoute } from './site-routes.ts';
import {
  breadcrumbJsonLd,
  homeJsonLd,
  ITEM_PICTURE,
  itemBreadcrumbs,
  itemPictureUrl,
  productJsonLd,
  type JsonLd,
  type SiteAddresses,
} from './structured-data.ts';

/** The shop's own card for pages without a picture of their own (public/share-card.png). */
export const SHARE_CARD = { path: '/share-card.png', width: 1200, height: 630, alt: 'Lumen — things for a calmer home, chosen with care.' } as const;

/** What the page's React render put in <head>: its title and description. */
export interface PageSummary {
  title: string;
  description: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#x27;' };
const escapeAttribute = (value: string) => value.replace(/[&"<>']/g, (character) => ENTITIES[character] ?? character);

/** Reads the title and description back out of React's hoisted head markup. */
export function pageSummaryOf(head: string): PageSummary {
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1];
  if (title === undefined || description === undefined) throw new Error(`the page's head has no <title> or description: ${head.slice(0, 200)}`);
  return { title: decodeHtmlEntities(title), description: decodeHtmlEntities(description) };
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}"/>`;
const jsonLdScript = (data: JsonLd) => `<script type="application/ld+json">${serializeState(data)}</script>`;

function pictureOf(route: SiteRoute, addresses: SiteAddresses) {
  const path = route.kind === 'item' ? route.item.image_paths[0] : undefined;
  if (route.kind === 'item' && path) {
    return { url: itemPictureUrl(addresses.files, path), type: 'image/webp', ...ITEM_PICTURE, alt: route.item.title };
  }
  return { url: `${addresses.site}${SHARE_CARD.path}`, type: 'image/png', width: SHARE_CARD.width, height: SHARE_CARD.height, alt: SHARE_CARD.alt };
}

function structuredDataOf(route: SiteRoute, data: SiteData, addresses: SiteAddresses): JsonLd[] {
  switch (route.kind) {
    case 'home':
      return [homeJsonLd(data.profile, addresses)];
    case 'item':
      return [productJsonLd(route.item, addresses, data.profile), itemBreadcrumbs(route.item, addresses)];
    case 'category':
      return [breadcrumbJsonLd([{ name: 'Catalog', path: '/catalog' }, { name: route.category.name, path: route.path }], addresses)];
    default:
      return [];
  }
}

/**
 * The tags the build adds to a prerendered page's <head>: its canonical address, Open Graph and
 * Twitter card (with an absolute picture), robots for pages not worth a search result, and JSON-LD.
 */
export function headTagsFor(route: SiteRoute, page: PageSummary, data: SiteData, addresses: SiteAddresses): string {
  const url = `${addresses.site}${route.path}`;
  const picture = pictureOf(route, addresses);
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(url)}"/>`,
    ...(route.kind === 'utility' && !route.indexed ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', route.kind === 'item' ? 'product' : 'website'),
    meta('property', 'og:site_name', data.profile.name),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', picture.url),
    meta('property', 'og:image:type', picture.type),
    meta('property', 'og:image:width', String(picture.width)),
    meta('property', 'og:image:height', String(picture.height)),
    meta('property', 'og:image:alt', picture.alt),
    ...(route.kind === 'item'
      ? [
          meta('property', 'product:price:amount', (route.item.price_cents / 100).toFixed(2)),
          meta('property', 'product:price:currency', route.item.currency),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', picture.url),
    meta('name', 'twitter:image:alt', picture.alt),
    ...structuredDataOf(route, data, addresses).map(jsonLdScript),
  ];
  return tags.join('');
}

/** Pages that answer for addresses they were not rendered for (the app shell, not-found): never indexed. */
export const NOINDEX = meta('name', 'robots', 'noindex');
