import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { adminKeys } from './admin-keys.ts';
import { refreshOrderReads } from './admin-order.ts';

/** The longest note record_return keeps. */
export const RETURN_NOTE_MAX = 500;

/** How many of a line can still come back (record_return refuses more). */
export const returnableQuantity = (line: { quantity: number; returned_quantity: number }) => Math.max(0, line.quantity - line.returned_quantity);

/** The refund for the quantities chosen, at the prices the customer paid. */
export function refundFor(lines: readonly { id: number; unit_price_cents: number }[], quantities: ReadonlyMap<number, number>): number {
  return lines.reduce((sum, line) => sum + (quantities.get(line.id) ?? 0) * line.unit_price_cents, 0);
}

export interface ReturnRequest {
  orderId: number;
  /** Lines with at least one item coming back. */
  lines: { orderItemId: number; quantity: number }[];
  /** False: the items are damaged and written off. */
  restock: boolean;
  note: string;
}

const ReturnResultSchema = z.object({
  return_id: z.number(),
  order_id: z.number(),
  status: z.enum(['delivered', 'returned']),
  refund_cents: z.number(),
});
export type ReturnResult = z.infer<typeof ReturnResultSchema>;

/** Records what came back of a delivered order; the database checks each quantity against what is left. */
export async function recordReturn({ orderId, lines, restock, note }: ReturnRequest): Promise<ReturnResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('record_return', {
    order_id: orderId,
    lines: lines.map((line) => ({ order_item_id: line.orderItemId, quantity: line.quantity })),
    restock,
    note: note.trim() || undefined,
  });
  if (error) throw new Error(adminErrorMessage(error, 'the return was not recorded'));
  const parsed = ReturnResultSchema.safeParse(data);
  if (!parsed.success) throw new Error('The return was recorded, but the server answered in an unexpected shape. Reload the page to see it.');
  return parsed.data;
}

export function useRecordReturn(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordReturn,
    onSettled: () =>
      Promise.all([
        refreshOrderReads(queryClient, userId),
        // Restocked items are for sale again: the admin's lists and the shop's pages show their stock.
        queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}
