import type { OrderStatus } from './order-statuses.ts';

/** The filters of the all-orders list, as its address carries them (dates are the shop's days, YYYY-MM-DD). */
export interface OrderListSearch {
  q?: string;
  status?: readonly OrderStatus[];
  from?: string;
  to?: string;
  customer?: string;
}

function ordersHref(search: OrderListSearch = {}): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.status && search.status.length > 0) params.set('status', search.status.join(','));
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.customer) params.set('customer', search.customer);
  const query = params.toString();
  // Commas are kept as they are: `status=delivered,returned` reads better in the address bar.
  return query ? `/admin/orders?${query.replaceAll('%2C', ',')}` : '/admin/orders';
}

/**
 * The store admin's pages, routed inside `/admin` (paths.admin): relative paths for its routes and
 * absolute addresses for links. Apart from the shop's paths so that only the admin's code, which
 * loads on demand, carries them. The admin's index (`/admin`) is its overview.
 */
export const adminPaths = {
  board: { path: 'board', getHref: () => '/admin/board' },
  /** Every order, searched and filtered by the address's `q`, `status`, `from`, `to`, `customer` and `page`. */
  orders: { path: 'orders', getHref: ordersHref },
  order: { path: 'orders/:id', getHref: (id: number) => `/admin/orders/${id}` },
  customer: { path: 'customers/:id', getHref: (id: string) => `/admin/customers/${id}` },
  items: { path: 'items', getHref: () => '/admin/items' },
  newItem: { path: 'items/new', getHref: () => '/admin/items/new' },
  item: { path: 'items/:id', getHref: (id: number) => `/admin/items/${id}` },
  newProduct: { path: 'products/new', getHref: () => '/admin/products/new' },
  product: { path: 'products/:id', getHref: (id: number) => `/admin/products/${id}` },
  activity: { path: 'activity', getHref: () => '/admin/activity' },
} as const;
