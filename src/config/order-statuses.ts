/**
 * An order's statuses and the steps between them, as the database enforces them (cancel_order,
 * set_order_status in supabase/migrations/20261127000200_stock_and_order_flow.sql). The customer's
 * order page and the staff board read them from here.
 */
export const ORDER_STATUSES = ['placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed — confirming…',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Until the shop packs an order its buyer may still cancel it (cancel_order says the same). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed'];

/** Where staff may move an order from each status (set_order_status refuses anything else). */
export const STAFF_NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
