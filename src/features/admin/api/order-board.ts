import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@/config/order-statuses';
import type { AddressFields } from '@/utils/address';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { refreshOrderReads } from './admin-order.ts';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

/** The statuses that still need the shop: the board's columns, in the order an order moves. */
export const OPEN_STATUSES = ['placed', 'confirmed', 'packed', 'shipped'] as const satisfies readonly OrderStatus[];
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** The oldest open orders first; a small shop has far fewer than this open at once. */
export const BOARD_LIMIT = 200;

async function listOpenOrders() {
  const supabase = await getSupabase();
  const { data, error, count } = await supabase
    .from('orders')
    .select('id, reference, status, total_cents, currency, item_count, created_at, delivery, order_items(id, title, quantity)', { count: 'exact' })
    .in('status', OPEN_STATUSES)
    .order('created_at')
    .order('id')
    .limit(BOARD_LIMIT);
  // Shown by LoadError, which says what could not be loaded: the cause only.
  if (error) throw new Error(error.message);
  const orders = data.map((order) => ({
    ...order,
    status: order.status as OpenStatus,
    // Checked by public.clean_delivery when the order was placed; null for orders from before.
    delivery: (order.delivery ?? null) as AddressFields | null,
  }));
  return { orders, total: count ?? orders.length };
}

export type BoardOrder = Awaited<ReturnType<typeof listOpenOrders>>['orders'][number];

export function useOpenOrders(userId: string) {
  return useQuery({ queryKey: adminKeys.board(userId), queryFn: listOpenOrders, staleTime: ADMIN_STALE_TIME });
}

/** Moves an order one step (set_order_status refuses any other, saying which steps there are). */
export async function setOrderStatus({ orderId, status }: { orderId: number; status: OrderStatus }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('set_order_status', { order_id: orderId, status });
  if (error) throw new Error(adminErrorMessage(error, `order ${orderId} was not moved`));
}

export function useSetOrderStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    // Refetched whether it worked or not: a refusal usually means someone else moved it first.
    onSettled: () => refreshOrderReads(queryClient, userId),
  });
}
