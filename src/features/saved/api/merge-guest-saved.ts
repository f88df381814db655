import { getSupabase } from '@/lib/supabase';
import { hasStoredGuestSaved, readGuestSavedIds, writeGuestSavedIds } from './guest-saved-store.ts';
import { savedErrorMessage } from './save-item.ts';

/** What merge_saved_items answers: the ids now in the account's list, and those it could not save. */
export interface SavedMergeReport {
  saved: number[];
  /** No longer on sale, gone from the catalog, or the account's list was full. */
  skipped: number[];
}

/** Held while one tab merges, so two tabs signing in at once merge the guest list exactly once. */
const MERGE_LOCK = 'lumen-guest-saved-merge';

function withMergeLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(MERGE_LOCK, fn);
  return fn();
}

/** What stays in the browser after a merge: ids saved here while the merge was running. */
export function remainingAfterSavedMerge(sent: readonly number[], now: readonly number[]): number[] {
  return now.filter((id) => !sent.includes(id));
}

/** Rounds of one merge: more would mean something keeps saving faster than the server answers. */
const MAX_ROUNDS = 3;

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => typeof id === 'number');

/** The server's report; a shape it never sends counts as "nothing to tell" (the merge itself is done). */
export function parseSavedMergeReport(data: unknown): SavedMergeReport {
  if (typeof data !== 'object' || data === null || !('saved' in data) || !('skipped' in data)) return { saved: [], skipped: [] };
  const { saved, skipped } = data;
  return isIdList(saved) && isIdList(skipped) ? { saved, skipped } : { saved: [], skipped: [] };
}

/**
 * Adds this browser's saved items to the signed-in account's list (merge_saved_items: every item
 * still on sale, up to the list's limit, in one transaction; what it could not save is reported).
 * The guest list is removed only after the server answered, so a failure loses nothing and the next
 * sign-in or page load tries again. Returns null when there was nothing to merge.
 */
export async function mergeGuestSaved(): Promise<SavedMergeReport | null> {
  if (!hasStoredGuestSaved()) return null;
  return withMergeLock(async () => {
    const supabase = await getSupabase();
    const saved: number[] = [];
    const skipped: number[] = [];
    let merged = false;
    // Read inside the lock: another tab may have merged these ids while this one waited. Ids saved
    // here during a merge (the guest list is on screen until it settles) go in a next round.
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const ids = readGuestSavedIds();
      if (ids.length === 0) break;
      const { data, error } = await supabase.rpc('merge_saved_items', { item_ids: ids });
      if (error) throw new Error(savedErrorMessage(error));
      writeGuestSavedIds(remainingAfterSavedMerge(ids, readGuestSavedIds()));
      const answer = parseSavedMergeReport(data);
      saved.push(...answer.saved);
      skipped.push(...answer.skipped);
      merged = true;
    }
    return merged ? { saved, skipped } : null;
  });
}
