import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';

export interface ExportRange {
  /** The shop's days, YYYY-MM-DD, both included (at most 366). */
  from: string;
  to: string;
}

/**
 * The orders placed on those days as CSV (orders_export asked for text/csv): a header row, then
 * one order a row, oldest first, comma separated and quoted as needed by PostgREST.
 */
export async function exportOrders({ from, to }: ExportRange): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('orders_export', { from_date: from, to_date: to }).csv();
  if (error) throw new Error(adminErrorMessage(error, 'the export'));
  return data;
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
