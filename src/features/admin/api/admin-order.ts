import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '@/config/order-statuses';
import { getSupabase } from '@/lib/supabase';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

const StatusSchema = z.enum(ORDER_STATUSES);

/** Who did something, as history names them; null for the system. */
const StaffMemberSchema = z.nullable(z.object({ id: z.string(), name: z.nullable(z.string()), email: z.nullable(z.string()) }));

const ReturnLineSchema = z.object({
  order_item_id: z.number(),
  item_id: z.nullable(z.number()),
  title: z.string(),
  quantity: z.number(),
  unit_price_cents: z.number(),
});

const HistoryEntrySchema = z.object({
  at: z.string(),
  event: z.enum(['placed', 'confirmed', 'status', 'return']),
  from_status: z.nullable(z.string()),
  to_status: z.nullable(z.string()),
  actor: StaffMemberSchema,
  /** A shipping's carrier and number, a return's figures, or who cancelled when it was the customer. */
  details: z.nullable(
    z.object({
      carrier: z.optional(z.string()),
      tracking_number: z.optional(z.string()),
      tracking_url: z.optional(z.string()),
      return_id: z.optional(z.number()),
      refund_cents: z.optional(z.number()),
      restock: z.optional(z.boolean()),
      quantity: z.optional(z.number()),
      by: z.optional(z.string()),
    }),
  ),
});

/** public.clean_delivery's fields; null for orders from before checkout asked where they go. */
const DeliverySchema = z.nullable(
  z.object({
    full_name: z.string(),
    line1: z.string(),
    line2: z.optional(z.nullable(z.string())),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    phone: z.optional(z.nullable(z.string())),
  }),
);

const AdminOrderSchema = z.object({
  id: z.number(),
  reference: z.string(),
  status: StatusSchema,
  currency: z.string(),
  total_cents: z.number(),
  item_count: z.number(),
  created_at: z.string(),
  delivery: DeliverySchema,
  carrier: z.nullable(z.object({ code: z.string(), name: z.string() })),
  tracking_number: z.nullable(z.string()),
  tracking_url: z.nullable(z.string()),
  customer: z.object({
    /** Null once the account is gone. */
    id: z.nullable(z.string()),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    guest: z.boolean(),
    order_count: z.number(),
    /** Their ten newest other orders. */
    other_orders: z.array(
      z.object({ id: z.number(), reference: z.string(), status: StatusSchema, created_at: z.string(), total_cents: z.number(), currency: z.string() }),
    ),
  }),
  lines: z.array(
    z.object({
      id: z.number(),
      item_id: z.nullable(z.number()),
      title: z.string(),
      unit_price_cents: z.number(),
      quantity: z.number(),
      returned_quantity: z.number(),
      product_id: z.nullable(z.number()),
    }),
  ),
  returns: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      restock: z.boolean(),
      note: z.nullable(z.string()),
      refund_cents: z.number(),
      lines: z.array(ReturnLineSchema),
    }),
  ),
  /** Oldest first. */
  history: z.array(HistoryEntrySchema),
  mails: z.array(z.object({ kind: z.string(), state: z.string(), sent_at: z.nullable(z.string()), attempts: z.number() })),
});

export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export type AdminOrderLine = AdminOrder['lines'][number];
export type OrderHistoryEntry = AdminOrder['history'][number];

/** One order as staff handle it (admin_order); null for an order that does not exist. */
export async function getAdminOrder(orderId: number): Promise<AdminOrder | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_order', { order_id: orderId });
  // Shown by LoadError, which says what could not be loaded: the cause only.
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = AdminOrderSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the order in an unexpected shape.');
  return parsed.data;
}

export const getAdminOrderQueryOptions = (userId: string, orderId: number) =>
  queryOptions({ queryKey: adminKeys.order(userId, orderId), queryFn: () => getAdminOrder(orderId), staleTime: ADMIN_STALE_TIME });

export function useAdminOrder(userId: string, orderId: number) {
  return useQuery(getAdminOrderQueryOptions(userId, orderId));
}

/**
 * After an order moved (or a move was refused, usually because someone else moved it first): the
 * reads showing orders ask again (those on screen at once, the others when they open).
 */
export function refreshOrderReads(queryClient: QueryClient, userId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.board(userId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.orderLists(userId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
  ]);
}
