/**
 * The shop's own pages (public.store_pages), each at `/<slug>` (paths.storePage). Apart from
 * paths.ts so that only the store pages' route, which loads on demand, carries the list.
 */
export const STORE_PAGE_SLUGS = ['contact', 'delivery-and-returns', 'privacy', 'terms'] as const;
export type StorePageSlug = (typeof STORE_PAGE_SLUGS)[number];
