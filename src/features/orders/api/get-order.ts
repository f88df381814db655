import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { orderKeys } from './order-keys.ts';
import { LinkedOrderSchema, OrderWithLinesSchema, type LinkedOrder, type OrderWithLines } from './order-schemas.ts';

// `carrier:carriers(code, name)`: the carrier through orders.carrier's foreign key, under the
// column's own name, as order_by_link sends it. Returns are the customer's to read (RLS).
const ORDER_SELECT =
  'id, reference, user_id, contact_email, status, currency, total_cents, item_count, created_at, confirmed_at, cancelled_at, shipped_at, delivered_at, returned_at, delivery, carrier:carriers(code, name), tracking_number, tracking_url, order_items(item_id, title, unit_price_cents, quantity, returned_quantity), order_returns(id, created_at, refund_cents, lines)';

/**
 * The order with whose it is: staff can read every order under RLS, so "the caller can read it"
 * does not mean "it is the caller's"; the page compares user_id with the signed-in user.
 */
const ViewedOrderSchema = z.extend(OrderWithLinesSchema, { user_id: z.string(), contact_email: z.nullable(z.string()) });
export type ViewedOrder = OrderWithLines & { user_id: string; contact_email: string | null };

/** null when the order does not exist or the caller may not read it (RLS hides it). */
export async function getOrder(reference: string): Promise<ViewedOrder | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select(ORDER_SELECT)
    .eq('reference', reference)
    .order('id', { referencedTable: 'order_returns' })
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = ViewedOrderSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the order in an unexpected shape.');
  return parsed.data;
}

export const getOrderQueryOptions = (userId: string, reference: string) =>
  queryOptions({ queryKey: orderKeys.detail(userId, reference), queryFn: () => getOrder(reference) });

export function useOrder(userId: string, reference: string) {
  return useQuery(getOrderQueryOptions(userId, reference));
}

/** The order a receipt's link names, for whoever holds it (no session needed); null when reference and key do not match. */
export async function getOrderByLink(reference: string, key: string): Promise<LinkedOrder | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('order_by_link', { reference, access_key: key });
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = LinkedOrderSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the order in an unexpected shape.');
  return parsed.data;
}

/** Asks nothing without a key. */
export function useOrderByLink(reference: string, key: string | null) {
  return useQuery({
    queryKey: orderKeys.linked(reference, key ?? ''),
    queryFn: () => getOrderByLink(reference, key ?? ''),
    enabled: key !== null,
  });
}
