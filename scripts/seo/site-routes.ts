import type { SiteCategory, SiteData, SiteItem, SiteStorePage } from './site-data.ts';

/**
 * Every prerendered page, with what it is: the list the prerender renders, the sitemap lists and
 * the head tags describe. Store pages live at `/<slug>` (src/config/paths.ts).
 */
export type SiteRoute =
  | { kind: 'home'; path: '/' }
  | { kind: 'catalog'; path: '/catalog' }
  | { kind: 'category'; path: string; category: SiteCategory }
  | { kind: 'item'; path: string; item: SiteItem }
  | { kind: 'store-page'; path: string; page: SiteStorePage }
  /** Prerendered for a fast first paint but not worth a search result: search, sign-in, sign-up. */
  | { kind: 'utility'; path: string; indexed: boolean };

export const itemPath = (slug: string) => `/items/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string) => `/catalog/${encodeURIComponent(slug)}`;
export const storePagePath = (slug: string) => `/${encodeURIComponent(slug)}`;

export function siteRoutes(data: SiteData): SiteRoute[] {
  return [
    { kind: 'home', path: '/' },
    { kind: 'catalog', path: '/catalog' },
    ...data.categories.map((category): SiteRoute => ({ kind: 'category', path: categoryPath(category.slug), category })),
    ...data.items.map((item): SiteRoute => ({ kind: 'item', path: itemPath(item.slug), item })),
    ...data.storePages.map((page): SiteRoute => ({ kind: 'store-page', path: storePagePath(page.slug), page })),
    // The search page is one search engines may show (its results change with the catalog).
    { kind: 'utility', path: '/search', indexed: true },
    { kind: 'utility', path: '/sign-in', indexed: false },
    { kind: 'utility', path: '/sign-up', indexed: false },
    { kind: 'utility', path: '/forgot-password', indexed: false },
  ];
}

const latest = (dates: string[]): string | undefined =>
  dates.reduce<string | undefined>((best, date) => (best === undefined || Date.parse(date) > Date.parse(best) ? date : best), undefined);

/** When a page's content last changed, as far as the data tells: what the sitemap's lastmod says. */
export function lastModified(route: SiteRoute, data: SiteData): string | undefined {
  switch (route.kind) {
    case 'item':
      return route.item.updated_at;
    case 'category':
      return latest(data.items.filter((item) => item.category?.slug === route.category.slug).map((item) => item.updated_at));
    case 'home':
    case 'catalog':
      return latest(data.items.map((item) => item.updated_at));
    case 'store-page':
      return route.page.updated_at;
    case 'utility':
      return undefined;
  }
}

/** What belongs in the sitemap: pages with content of their own (not the search form or sign-in). */
export const inSitemap = (route: SiteRoute) => route.kind !== 'utility';
