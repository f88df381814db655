/**
 * An order's statuses and the steps between them, as the database enforces them (cancel_order,
 * set_order_status, ship_order and record_return in supabase/migrations). The customer's order
 * page and the store admin read them from here.
 */
export const ORDER_STATUSES = ['placed', 'confirmed', 'packed', 'shipped', 'delivered', 'returned', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed — confirming…',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** Until the shop packs an order its buyer may still cancel it (cancel_order says the same). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed'];

/**
 * Where staff may move an order from each status (set_order_status refuses anything else). A
 * delivered order becomes returned only by recording the return of its lines (record_return).
 */
export const STAFF_NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  returned: [],
  cancelled: [],
};
