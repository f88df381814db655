import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { readGuestLines, writeGuestLines, type StoredLine } from './guest-cart-store.ts';

const MergeReportSchema = z.array(z.object({ item_id: z.number(), requested: z.number(), quantity: z.number() }));
export type MergeReport = z.infer<typeof MergeReportSchema>;

/** Held while one tab merges, so two tabs signing in at once merge the guest cart exactly once. */
const MERGE_LOCK = 'lumen-guest-cart-merge';

function withMergeLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(MERGE_LOCK, fn);
  return fn();
}

/** What stays in the browser after a merge: lines added or raised while the merge was running. */
export function remainingAfterMerge(merged: readonly StoredLine[], now: readonly StoredLine[]): StoredLine[] {
  return now.flatMap((line) => {
    const sent = merged.find((candidate) => candidate.item_id === line.item_id)?.quantity ?? 0;
    return line.quantity > sent ? [{ item_id: line.item_id, quantity: line.quantity - sent }] : [];
  });
}

/**
 * Adds this browser's guest cart to the signed-in account's cart (merge_cart: quantities summed,
 * capped by stock and 99, one transaction). The guest lines are removed only after the server
 * confirmed the merge, so a failure loses nothing and the next sign-in or page load tries again.
 * Returns null when there was nothing to merge.
 */
export async function mergeGuestCart(): Promise<MergeReport | null> {
  if (readGuestLines().length === 0) return null;
  return withMergeLock(async () => {
    const supabase = await getSupabase();
    // Re-read inside the lock: another tab may have merged these lines while this one waited.
    const lines = readGuestLines();
    if (lines.length === 0) return null;
    const { data, error } = await supabase.rpc('merge_cart', { lines });
    if (error) throw new Error(error.message);
    writeGuestLines(remainingAfterMerge(lines, readGuestLines()));
    const report = MergeReportSchema.safeParse(data);
    return report.success ? report.data : [];
  });
}

export function hasGuestLines(): boolean {
  return readGuestLines().length > 0;
}
