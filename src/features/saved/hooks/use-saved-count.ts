import { useSavedItems } from './use-saved-items.ts';
import { useSavedOwner, type SavedSession } from './use-saved-owner.ts';

/** How many items the session's list holds (unavailable ones too: they are on the list), or undefined until known. */
export function useSavedCount(session: SavedSession): number | undefined {
  return useSavedItems(useSavedOwner(session)).data?.length;
}

/** A Saved link's name with the count once known: "Saved, 3 items". */
export function savedLinkName(count: number | undefined): string {
  return count === undefined ? 'Saved' : `Saved, ${count} ${count === 1 ? 'item' : 'items'}`;
}
