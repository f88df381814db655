import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { orderKeys } from './order-keys.ts';
import { OrderWithLinesSchema, type OrderWithLines } from './order-schemas.ts';

const ORDER_SELECT =
  'id, status, currency, total_cents, item_count, created_at, confirmed_at, cancelled_at, delivery, order_items(item_id, title, unit_price_cents, quantity)';

/** null when the order does not exist or is not the caller's (RLS hides it). */
export async function getOrder(orderId: number): Promise<OrderWithLines | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('orders').select(ORDER_SELECT).eq('id', orderId).maybeSingle();
  if (error) throw new Error(error.message);
  if (data === null) return null;
  const parsed = OrderWithLinesSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the order in an unexpected shape.');
  return parsed.data;
}

export const getOrderQueryOptions = (userId: string, orderId: number) =>
  queryOptions({ queryKey: orderKeys.detail(userId, orderId), queryFn: () => getOrder(orderId) });

export function useOrder(userId: string, orderId: number) {
  return useQuery(getOrderQueryOptions(userId, orderId));
}
