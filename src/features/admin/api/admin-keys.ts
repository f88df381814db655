import { userScope } from '@/lib/user-scope';
import type { OrderFilters } from '../utils/order-search.ts';

/** The admin list's "Show" choice: products by publication, or by what their variants need. */
export type ProductStatusFilter = 'all' | 'published' | 'drafts' | 'low-stock' | 'archived';

export interface ProductListFilters {
  search: string;
  category: number | null;
  status: ProductStatusFilter;
  page: number;
}

/**
 * How long admin reads count as fresh: not at all. Sales, other staff and the order-confirmation
 * function change what staff look at, so every page shows the database as it is when it opens
 * (the shop's pages keep QUERY_DEFAULTS' 30 s).
 */
export const ADMIN_STALE_TIME = 0;

/**
 * Query keys of the store admin. Every one carries the staff member's scope (src/lib/user-scope.ts):
 * what one account read as staff is dropped when another signs in on the same device.
 */
export const adminKeys = {
  all: (userId: string) => ['admin', userScope(userId)] as const,
  /**
   * Everything that shows several items at once: the product list and each product with its
   * variants. Any change of an item (a picture, stock, a sale) refreshes them all.
   */
  itemLists: (userId: string) => [...adminKeys.all(userId), 'items'] as const,
  products: (userId: string, filters: ProductListFilters) => [...adminKeys.itemLists(userId), 'list', filters] as const,
  product: (userId: string, productId: number) => [...adminKeys.itemLists(userId), 'product', productId] as const,
  item: (userId: string, itemId: number) => [...adminKeys.all(userId), 'item', itemId] as const,
  movements: (userId: string, itemId: number) => [...adminKeys.all(userId), 'movements', itemId] as const,
  categories: (userId: string) => [...adminKeys.all(userId), 'categories'] as const,
  board: (userId: string) => [...adminKeys.all(userId), 'board'] as const,
  activityAll: (userId: string) => [...adminKeys.all(userId), 'activity'] as const,
  activity: (userId: string, page: number) => [...adminKeys.activityAll(userId), page] as const,
  /**
   * Everything that shows orders beyond the board (the all-orders list, a customer, one order, the
   * overview's figures): shipping, a return or a status change refreshes them all.
   */
  orderLists: (userId: string) => [...adminKeys.all(userId), 'orders'] as const,
  orderSearch: (userId: string, filters: OrderFilters) => [...adminKeys.orderLists(userId), 'search', filters] as const,
  customer: (userId: string, customerId: string) => [...adminKeys.orderLists(userId), 'customer', customerId] as const,
  order: (userId: string, orderId: number) => [...adminKeys.orderLists(userId), 'order', orderId] as const,
  overview: (userId: string) => [...adminKeys.orderLists(userId), 'overview'] as const,
  carriers: (userId: string) => [...adminKeys.all(userId), 'carriers'] as const,
  lowStockThreshold: (userId: string, itemId: number) => [...adminKeys.all(userId), 'low-stock-threshold', itemId] as const,
  /** The shop's time zone (store_profile): where its days start for date filters and the export. */
  timeZone: (userId: string) => [...adminKeys.all(userId), 'time-zone'] as const,
};
