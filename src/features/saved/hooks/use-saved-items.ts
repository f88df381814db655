import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedItemsQuery, type SavedOwner } from '../api/get-saved-items.ts';
import { addGuestSaved, removeGuestSaved } from '../api/guest-saved-store.ts';
import { saveItem, unsaveItem } from '../api/save-item.ts';
import type { SaveableItem, SavedEntry } from '../api/saved-entries.ts';
import { reportSavedMessage } from './saved-messages.ts';

/** Marks saved-item writes, so a realtime refetch never lands on top of a change still in flight. */
export const SAVED_CHANGE_MUTATION_KEY = ['saved', 'change'] as const;

/** The owner's saved items, newest first (see savedItemsQuery). */
export function useSavedItems(owner: SavedOwner | null) {
  return useQuery(savedItemsQuery(owner));
}

/** A save needs the item as the list shows it; a removal only its id, and a title for a message. */
type Change = { save: true; item: SaveableItem } | { save: false; item: Pick<SaveableItem, 'id' | 'title'> };

interface Undo {
  /** The entry a removal took out, and where it was, to put back if the server refuses. */
  removed: { entry: SavedEntry; index: number } | null;
  /** Whether the save added an entry (it was not in the list yet), to take out if refused. */
  added: boolean;
}

function withChange(entries: SavedEntry[], change: Change): SavedEntry[] {
  const without = entries.filter((entry) => entry.item_id !== change.item.id);
  return change.save ? [{ item_id: change.item.id, item: { ...change.item, on_sale: true } }, ...without] : without;
}

function undo(entries: SavedEntry[] | undefined, { item }: Change, { removed, added }: Undo): SavedEntry[] | undefined {
  if (!entries) return entries;
  if (added) return entries.filter((entry) => entry.item_id !== item.id);
  if (removed && !entries.some((entry) => entry.item_id === item.id)) {
    return [...entries.slice(0, removed.index), removed.entry, ...entries.slice(removed.index)];
  }
  return entries;
}

/**
 * Saves or removes one item for `owner`, optimistically: the list (and every heart showing the
 * item) changes in the same frame, and a change the server or the browser's storage refuses is
 * undone — that change only, not others made meanwhile — with its reason in the saved-items
 * message, which belongs to `sessionUserId`. Changes to one item run one after another (its
 * mutation scope), so a quick save and unsave reach the server in that order.
 */
export function useSavedChange(owner: SavedOwner | null, sessionUserId: string | null, itemId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = savedItemsQuery(owner);
  const mutation = useMutation({
    mutationKey: SAVED_CHANGE_MUTATION_KEY,
    scope: { id: `saved-item-${itemId}` },
    mutationFn: async ({ item, save }: Change) => {
      if (!owner) throw new Error('Your saved items are still loading.');
      if (owner.kind === 'user') await (save ? saveItem(item.id) : unsaveItem(item.id));
      else if (save) addGuestSaved(item.id);
      else removeGuestSaved(item.id);
    },
    onMutate: async (change): Promise<Undo> => {
      await queryClient.cancelQueries({ queryKey });
      const entries = queryClient.getQueryData<SavedEntry[]>(queryKey) ?? [];
      const index = entries.findIndex((entry) => entry.item_id === change.item.id);
      const entry = entries[index];
      queryClient.setQueryData<SavedEntry[]>(queryKey, withChange(entries, change));
      return { removed: !change.save && entry ? { entry, index } : null, added: change.save && index === -1 };
    },
    onError: (cause, change, context) => {
      if (context) queryClient.setQueryData<SavedEntry[]>(queryKey, (entries) => undo(entries, change, context));
      const reason = cause instanceof Error ? cause.message : 'Please try again.';
      reportSavedMessage(
        sessionUserId,
        change.save ? `${change.item.title} was not saved. ${reason}` : `${change.item.title} is still saved. ${reason}`,
      );
    },
    // The last change to settle refetches; earlier ones would paint a state the next one replaces.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: SAVED_CHANGE_MUTATION_KEY }) === 1) return queryClient.invalidateQueries({ queryKey });
    },
  });
  return {
    save: (item: SaveableItem) => mutation.mutate({ save: true, item }),
    remove: (item: Pick<SaveableItem, 'id' | 'title'>) => mutation.mutate({ save: false, item }),
  };
}
