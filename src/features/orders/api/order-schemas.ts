import * as z from 'zod/mini';
import { ORDER_STATUSES } from '@/config/order-statuses';
import { DeliverySchema } from './delivery-shape.ts';

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderLineSchema = z.object({
  item_id: z.nullable(z.number()),
  title: z.string(),
  unit_price_cents: z.number(),
  quantity: z.number(),
  /** How many of them came back (record_return): 0 until staff record a return. */
  returned_quantity: z.number(),
});

/** A return staff recorded: when, what came back, and what the shop refunds for it. */
export const OrderReturnSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  refund_cents: z.number(),
  lines: z.array(z.object({ title: z.string(), quantity: z.number(), unit_price_cents: z.number() })),
});
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

export const OrderSchema = z.object({
  id: z.number(),
  /** What customers see and type; the id stays internal. */
  reference: z.string(),
  status: OrderStatusSchema,
  currency: z.string(),
  total_cents: z.number(),
  item_count: z.number(),
  created_at: z.string(),
  confirmed_at: z.nullable(z.string()),
  cancelled_at: z.nullable(z.string()),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderWithLinesSchema = z.extend(OrderSchema, {
  order_items: z.array(OrderLineSchema),
  /** Null for orders from before checkout asked where they go. */
  delivery: z.nullable(DeliverySchema),
  shipped_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  returned_at: z.nullable(z.string()),
  /**
   * Who carries the parcel and its number, as staff shipped it (ship_order); null for orders not
   * shipped yet, shipped without these details, or shipped before the shop recorded them.
   */
  carrier: z.nullable(z.object({ code: z.string(), name: z.string() })),
  tracking_number: z.nullable(z.string()),
  /** The carrier's page for this parcel; only https addresses (the database's rule too) become a link. */
  tracking_url: z.nullable(z.string().check(z.startsWith('https://'))),
  /** Oldest first. */
  order_returns: z.array(OrderReturnSchema),
});
export type OrderWithLines = z.infer<typeof OrderWithLinesSchema>;

export const PlaceOrderResultSchema = z.union([
  z.object({
    status: z.literal('placed'),
    order_id: z.number(),
    reference: z.string(),
    total_cents: z.number(),
    currency: z.string(),
    replayed: z.boolean(),
  }),
  z.object({
    status: z.literal('stock_changed'),
    changes: z.array(z.object({ item_id: z.number(), title: z.string(), requested: z.number(), available: z.number() })),
  }),
]);
export type PlaceOrderResult = z.infer<typeof PlaceOrderResultSchema>;

/** The order as its receipt's link shows it to anyone holding the link (order_by_link): no ids. */
export const LinkedOrderSchema = z.extend(z.omit(OrderWithLinesSchema, { id: true }), {
  contact_email: z.nullable(z.string()),
});
export type LinkedOrder = z.infer<typeof LinkedOrderSchema>;
