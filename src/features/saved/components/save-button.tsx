import { Heart } from 'lucide-react';
import type { SaveableItem } from '../api/saved-entries.ts';
import { useSavedChange, useSavedItems } from '../hooks/use-saved-items.ts';
import { useSavedOwner, type SavedSession } from '../hooks/use-saved-owner.ts';

const SIZES = {
  /** Over an item card's picture. */
  card: 'size-10 border-border/60 bg-background/85 shadow-sm backdrop-blur-sm [&_svg]:size-5',
  /** Beside Add to cart, as tall as it. */
  page: 'size-12 border-border bg-surface [&_svg]:size-6',
  /** Beside an item page's title on phones. */
  title: 'size-10 border-border bg-surface [&_svg]:size-5',
} as const;

/**
 * The heart: a toggle button (aria-pressed) whose name stays "Save <title>" either way, as a
 * toggle's name should, so a screen reader says "Save Fjord throw, pressed" once saved. Until the
 * list is known (the session or the list still loading) it cannot be pressed, rather than guess.
 */
export function SaveButton({ item, session, size = 'card' }: { item: SaveableItem; session: SavedSession; size?: keyof typeof SIZES }) {
  const owner = useSavedOwner(session);
  const saved = useSavedItems(owner);
  const change = useSavedChange(owner, session.status === 'signed-in' ? session.userId : null, item.id);
  const known = saved.data !== undefined;
  const isSaved = saved.data?.some((entry) => entry.item_id === item.id) ?? false;
  return (
    <button
      type="button"
      aria-label={`Save ${item.title}`}
      aria-pressed={isSaved}
      aria-disabled={known ? undefined : true}
      data-testid="save-button"
      onClick={() => {
        if (!known) return;
        if (isSaved) change.remove(item);
        else change.save(item);
      }}
      className={`${SIZES[size]} inline-flex shrink-0 items-center justify-center rounded-full border text-foreground transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:cursor-default aria-disabled:opacity-60 aria-pressed:text-primary [&_svg]:shrink-0 aria-pressed:[&_svg]:fill-current`}
    >
      <Heart aria-hidden="true" />
    </button>
  );
}
