import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

/** items.low_stock_threshold's range (its check constraint). */
export const MAX_THRESHOLD = 10_000;

/**
 * What was typed, as a threshold, or why it is not one. Whole numbers only: "5", not "5.5" or "five".
 */
export function parseThreshold(text: string): { threshold: number } | { problem: string } {
  const trimmed = text.trim();
  if (!trimmed) return { problem: `Enter how many in stock should trigger the warning, from 0 to ${MAX_THRESHOLD}.` };
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) > MAX_THRESHOLD) return { problem: `Enter a whole number from 0 to ${MAX_THRESHOLD}.` };
  return { threshold: Number(trimmed) };
}

async function getThreshold(itemId: number): Promise<number | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('items').select('low_stock_threshold').eq('id', itemId).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.low_stock_threshold ?? null;
}

/** The variant's threshold; null when there is no such variant. */
export function useLowStockThreshold(userId: string, itemId: number) {
  return useQuery({ queryKey: adminKeys.lowStockThreshold(userId, itemId), queryFn: () => getThreshold(itemId), staleTime: ADMIN_STALE_TIME });
}

/**
 * Sets at or under how many in stock the variant counts as running low (the product list's filter,
 * the overview) and staff are mailed. Staff may update this one column (its own grant); the
 * database records the change in the activity log.
 */
export async function saveThreshold({ itemId, threshold }: { itemId: number; threshold: number }): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('items')
    .update({ low_stock_threshold: threshold })
    .eq('id', itemId)
    .select('low_stock_threshold')
    .maybeSingle();
  if (error?.code === '23514') throw new Error(`The warning level must be a whole number from 0 to ${MAX_THRESHOLD}: nothing was saved.`);
  if (error) throw new Error(adminErrorMessage(error, 'saving the warning level'));
  // RLS hides the row from an update it refuses: the variant is gone, or the account lost the right.
  if (!data) throw new Error('Nothing was saved: this variant no longer exists, or your account may no longer edit items. Reload the page to check.');
  return data.low_stock_threshold;
}

export function useSaveThreshold(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveThreshold,
    onSuccess: async (threshold, { itemId }) => {
      const key = adminKeys.lowStockThreshold(userId, itemId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, threshold);
      // What counts as running low changed: the lists' markers and filter, and the overview.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.itemLists(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.activityAll(userId) }),
      ]);
    },
  });
}
