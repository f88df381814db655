/**
 * The store admin's pages, routed inside `/admin` (paths.admin): relative paths for its routes and
 * absolute addresses for links. Apart from the shop's paths so that only the admin's code, which
 * loads on demand, carries them.
 */
export const adminPaths = {
  items: { path: 'items', getHref: () => '/admin/items' },
  newItem: { path: 'items/new', getHref: () => '/admin/items/new' },
  item: { path: 'items/:id', getHref: (id: number) => `/admin/items/${id}` },
  newProduct: { path: 'products/new', getHref: () => '/admin/products/new' },
  product: { path: 'products/:id', getHref: (id: number) => `/admin/products/${id}` },
  activity: { path: 'activity', getHref: () => '/admin/activity' },
} as const;
