import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { orderKeys } from './order-keys.ts';
import { OrderSchema, type Order } from './order-schemas.ts';

/**
 * The user's own orders. RLS alone is not enough: staff may read every order, and their account
 * must still list only the orders they placed themselves.
 */
export async function listOrders(userId: string): Promise<Order[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select('id, reference, status, currency, total_cents, item_count, created_at, confirmed_at, cancelled_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  const parsed = z.array(OrderSchema).safeParse(data);
  if (!parsed.success) throw new Error('The server sent your orders in an unexpected shape.');
  return parsed.data;
}

export const listOrdersQueryOptions = (userId: string) => queryOptions({ queryKey: orderKeys.list(userId), queryFn: () => listOrders(userId) });

export function useOrders(userId: string) {
  return useQuery(listOrdersQueryOptions(userId));
}
