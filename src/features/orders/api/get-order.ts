import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { orderKeys } from './order-keys.ts';
import { OrderWithLinesSchema, type OrderWithLines } from './order-schemas.ts';

const ORDER_SELECT =
  'id, user_id, status, currency, total_cents, item_count, created_at, confirmed_at, cancelled_at, delivery, order_items(item_id, title, unit_price_cents, quantity)';

/**
 * The order with whose it is: staff can read every order under RLS, so "the caller can read it"
 * does not mean "it is the caller's"; the page compares user_id with the signed-in user.
 */
const ViewedOrderSchema = z.extend(OrderWithLinesSchema, { user_id: z.string() });
export type ViewedOrder = OrderWithLines & { user_id: string };

/** null when the order does not exist or the caller may not read it (RLS hides it). */
export async function getOrder(orderId: number): Promise<ViewedOrder | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('orders').select(ORDER_SELECT).eq('id', orderId).maybeSingle();
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = ViewedOrderSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the order in an unexpected shape.');
  return parsed.data;
}

export const getOrderQueryOptions = (userId: string, orderId: number) =>
  queryOptions({ queryKey: orderKeys.detail(userId, orderId), queryFn: () => getOrder(orderId) });

export function useOrder(userId: string, orderId: number) {
  return useQuery(getOrderQueryOptions(userId, orderId));
}
