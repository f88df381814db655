import { getSupabase } from '@/lib/supabase';
import type { CartLine, MergeReport, StoredLine } from './cart-schemas.ts';
import { hasStoredGuestCart, readGuestLines, withGuestLines, writeGuestLines } from './guest-cart-store.ts';

export type { MergeReport } from './cart-schemas.ts';

/** Held while one tab merges, so two tabs signing in at once merge the guest cart exactly once. */
const MERGE_LOCK = 'lumen-guest-cart-merge';

function withMergeLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(MERGE_LOCK, fn);
  return fn();
}

/**
 * What stays in the browser once `sent` has reached the server (merged into the account, or ordered
 * at a guest checkout): lines added or raised meanwhile.
 */
export function remainingAfterMerge(sent: readonly StoredLine[], now: readonly StoredLine[]): StoredLine[] {
  return now.flatMap((line) => {
    const gone = sent.find((candidate) => candidate.item_id === line.item_id)?.quantity ?? 0;
    return line.quantity > gone ? [{ item_id: line.item_id, quantity: line.quantity - gone }] : [];
  });
}

/**
 * Adds this browser's guest cart to the signed-in account's cart (merge_cart: quantities summed,
 * capped by stock and 99, one transaction). The guest lines are removed only after the server
 * confirmed the merge, so a failure loses nothing and the next sign-in or page load tries again.
 * Returns null when there was nothing to merge.
 */
export async function mergeGuestCart(): Promise<MergeReport | null> {
  if (!hasStoredGuestCart()) return null;
  return withMergeLock(async () => {
    const [supabase, { MergeReportSchema }] = await Promise.all([getSupabase(), import('./cart-schemas.ts')]);
    // Read inside the lock: another tab may have merged these lines while this one waited.
    const lines = await readGuestLines();
    if (lines.length === 0) return null;
    const { data, error } = await supabase.rpc('merge_cart', { lines });
    if (error) throw new Error(error.message);
    await withGuestLines((now) => writeGuestLines(remainingAfterMerge(lines, now)));
    const report = MergeReportSchema.safeParse(data);
    return report.success ? report.data : [];
  });
}

/** What the merge could not keep, in words (null when it kept everything). */
export function describeLowered(report: MergeReport, guestLines: CartLine[] | undefined): string | null {
  const lowered = report.filter((line) => line.quantity < line.requested);
  if (lowered.length === 0) return null;
  const names = lowered.map((line) => {
    const title = guestLines?.find((guest) => guest.item_id === line.item_id)?.item.title ?? 'One item';
    return line.quantity === 0 ? `${title} (sold out)` : `${title} (${line.quantity} left)`;
  });
  return `Your cart from before you signed in was added to your account. Not everything was available: ${names.join(', ')}.`;
}
