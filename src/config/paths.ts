import type { StorePageSlug } from './store-pages.ts';

/** Every route path, defined once; links use getHref so no URL is written out by hand elsewhere. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  catalog: {
    path: '/catalog',
    getHref: (category?: string) => (category ? `/catalog/${encodeURIComponent(category)}` : '/catalog'),
  },
  catalogCategory: { path: '/catalog/:category' },
  item: { path: '/items/:slug', getHref: (slug: string) => `/items/${encodeURIComponent(slug)}` },
  search: {
    path: '/search',
    getHref: (query?: string) => (query ? `/search?${new URLSearchParams({ q: query })}` : '/search'),
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  saved: { path: '/saved', getHref: () => '/saved' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /** An order by its public reference (the receipt's link adds `?key=`, which opens it without signing in). */
  order: { path: '/orders/:reference', getHref: (reference: string) => `/orders/${encodeURIComponent(reference)}` },
  account: { path: '/account', getHref: () => '/account' },
  signIn: {
    path: '/sign-in',
    getHref: (next?: string) => (next ? `/sign-in?${new URLSearchParams({ next })}` : '/sign-in'),
  },
  signUp: {
    path: '/sign-up',
    getHref: (next?: string) => (next ? `/sign-up?${new URLSearchParams({ next })}` : '/sign-up'),
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /**
   * A store page: '/contact', '/delivery-and-returns', '/privacy', '/terms'. The route takes any
   * one-part address the others leave (React Router ranks fixed paths first) and shows not-found
   * for the rest, so the list of pages loads with that route, not with every page.
   */
  storePage: { path: '/:page', getHref: (slug: StorePageSlug) => `/${slug}` },
  /** The store admin (staff only); its pages are routed inside it (src/config/admin-paths.ts). */
  admin: { path: '/admin/*', getHref: () => '/admin' },
} as const;
