import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

/** The reasons staff may give (adjust_stock); sales and cancellations are recorded by the orders themselves. */
export const STOCK_REASONS = {
  restock: 'Restock (received)',
  return: 'Return (back from a customer)',
  correction: 'Correction (counted)',
  damage: 'Damaged or lost',
} as const;
export type StockReason = keyof typeof STOCK_REASONS;

export const MOVEMENT_LABELS: Record<string, string> = {
  initial: 'Starting stock',
  sale: 'Sold',
  cancellation: 'Order cancelled',
  restock: 'Restock',
  return: 'Return',
  correction: 'Correction',
  damage: 'Damaged or lost',
};

export interface StockAdjustment {
  itemId: number;
  delta: number;
  reason: StockReason;
  note: string;
}

/** Changes stock by `delta` with a reason; the database records who, when and why, and never goes below zero. */
export async function adjustStock({ itemId, delta, reason, note }: StockAdjustment): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('adjust_stock', { item_id: itemId, delta, reason, note: note.trim() || undefined });
  if (error) throw new Error(adminErrorMessage(error, 'the stock was not changed'));
  const { stock } = data as { stock: number };
  return stock;
}

export function useAdjustStock(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: (_stock, { itemId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.item(userId, itemId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.movements(userId, itemId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}

async function listStockMovements(itemId: number) {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('stock_movements')
    .select('id, delta, reason, note, order_id, created_at, actor_email')
    .eq('item_id', itemId)
    .order('id', { ascending: false })
    .limit(20);
  if (error) throw new Error(`The stock history could not be loaded: ${error.message}`);
  return data;
}

export function useStockMovements(userId: string, itemId: number) {
  return useQuery({ queryKey: adminKeys.movements(userId, itemId), queryFn: () => listStockMovements(itemId), staleTime: ADMIN_STALE_TIME });
}
