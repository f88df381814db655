import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@/config/order-statuses';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { adminKeys } from './admin-keys.ts';

/** The statuses that still need the shop: the board's columns, in the order an order moves. */
export const OPEN_STATUSES = ['placed', 'confirmed', 'packed', 'shipped'] as const satisfies readonly OrderStatus[];
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** The oldest open orders first; a small shop has far fewer than this open at once. */
const BOARD_LIMIT = 200;

export interface BoardDelivery {
  full_name?: string;
  city?: string;
  country?: string;
}

async function listOpenOrders() {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select('id, status, total_cents, currency, item_count, created_at, delivery, order_items(id, title, quantity)')
    .in('status', OPEN_STATUSES)
    .order('created_at')
    .order('id')
    .limit(BOARD_LIMIT);
  if (error) throw new Error(`The orders could not be loaded: ${error.message}`);
  return data.map((order) => ({
    ...order,
    status: order.status as OpenStatus,
    delivery: (order.delivery ?? null) as BoardDelivery | null,
  }));
}

export type BoardOrder = Awaited<ReturnType<typeof listOpenOrders>>[number];

export function useOpenOrders(userId: string) {
  return useQuery({ queryKey: adminKeys.board(userId), queryFn: listOpenOrders });
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.board(userId) }),
  });
}
