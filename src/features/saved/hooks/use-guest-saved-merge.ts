import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { savedItemsQuery } from '../api/get-saved-items.ts';
import { mergeGuestSaved, type SavedMergeReport } from '../api/merge-guest-saved.ts';
import type { SavedEntry } from '../api/saved-entries.ts';
import { savedKeys } from '../api/saved-keys.ts';
import { reportSavedMessage } from './saved-messages.ts';
import { markSavedMergeSettled, useSavedMergeSettledFor, type SavedSession } from './use-saved-owner.ts';

function describeSkipped(report: SavedMergeReport, guestEntries: SavedEntry[] | undefined): string | null {
  if (report.skipped.length === 0) return null;
  const names = report.skipped.map((id) => guestEntries?.find((entry) => entry.item_id === id)?.item?.title ?? 'an item no longer in the catalog');
  return `Your saved items from before you signed in are in your account, except ${names.join(', ')}: no longer available, or your list already holds 200 items.`;
}

/**
 * Merges this browser's guest list into the account whenever a user becomes signed in — by signing
 * in or up here, in another tab, or a session restored on load — and marks the merge settled, which
 * moves every heart and the Saved page from the guest list to the account's. A failed merge keeps
 * the guest list in the browser (tried again at the next sign-in or page load) and says so.
 */
export function useGuestSavedMerge(session: SavedSession) {
  const queryClient = useQueryClient();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const settledFor = useSavedMergeSettledFor();

  useEffect(() => {
    // Signed out: the next sign-in, even into the same account, merges what was saved meanwhile.
    if (!userId) {
      if (session.status === 'signed-out') markSavedMergeSettled(null);
      return;
    }
    if (settledFor === userId) return;
    let current = true;
    const guestEntries = queryClient.getQueryData<SavedEntry[]>(savedKeys.guest);
    mergeGuestSaved()
      .then((report) => {
        const notice = report ? describeSkipped(report, guestEntries) : null;
        if (notice) reportSavedMessage(userId, notice);
      })
      .catch((cause: unknown) => {
        const reason = cause instanceof Error ? cause.message : String(cause);
        reportSavedMessage(userId, `Your saved items from before you signed in could not be added to your account yet: ${reason} They are kept in this browser and will be added next time.`);
      })
      .finally(async () => {
        // The account's list is fetched before the screen moves to it, so hearts go from the guest
        // list straight to the merged one, never through an empty or loading state.
        const account = savedItemsQuery({ kind: 'user', userId });
        await queryClient.invalidateQueries({ queryKey: account.queryKey, refetchType: 'none' });
        await queryClient.prefetchQuery(account);
        if (current) markSavedMergeSettled(userId);
        await queryClient.invalidateQueries({ queryKey: savedKeys.guest });
      });
    return () => {
      current = false;
    };
  }, [userId, settledFor, session.status, queryClient]);
}
