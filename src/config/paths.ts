/** The shop's own pages (public.store_pages), each at an explicit address of its own. */
export const STORE_PAGE_SLUGS = ['contact', 'delivery-and-returns', 'privacy', 'terms'] as const;
export type StorePageSlug = (typeof STORE_PAGE_SLUGS)[number];

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
  /** A store page: '/contact', '/delivery-and-returns', '/privacy', '/terms' (the route's path too). */
  storePage: { getHref: (slug: StorePageSlug) => `/${slug}` },
  /** The store admin (staff only); its pages are routed inside it, relative to `/admin`. */
  admin: { path: '/admin/*', getHref: () => '/admin' },
  adminItems: { path: 'items', getHref: () => '/admin/items' },
  adminNewItem: { path: 'items/new', getHref: () => '/admin/items/new' },
  adminItem: { path: 'items/:id', getHref: (id: number) => `/admin/items/${id}` },
  adminNewProduct: { path: 'products/new', getHref: () => '/admin/products/new' },
  adminProduct: { path: 'products/:id', getHref: (id: number) => `/admin/products/${id}` },
  adminActivity: { path: 'activity', getHref: () => '/admin/activity' },
} as const;
