import { Heart } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isAvailable } from '../api/saved-entries.ts';
import { useSavedItems } from '../hooks/use-saved-items.ts';
import { useSavedOwner, type SavedSession } from '../hooks/use-saved-owner.ts';
import { SavedItemCard } from './saved-item-card.tsx';

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4';

/**
 * The /saved page: what is saved, newest first, each with Remove; what is no longer on sale in a
 * section of its own, still removable; an empty list points to the catalog. `guestNote` is shown
 * to guests (their list lives in this browser). A removed card leaves at once, and focus moves to
 * the next Remove (or the empty list's heading), never to the top of the page.
 */
export function SavedPage({ session, guestNote }: { session: SavedSession; guestNote?: ReactNode }) {
  const owner = useSavedOwner(session);
  const saved = useSavedItems(owner);
  const box = useRef<HTMLDivElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);
  const entries = saved.data;

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null || !entries) return;
    focusAfterRemoval.current = null;
    const buttons = box.current?.querySelectorAll<HTMLElement>('[data-saved-remove]') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)] ?? box.current?.querySelector<HTMLElement>('[data-saved-empty]');
    next?.focus();
  }, [entries]);

  if (owner === null || saved.isPending) {
    return (
      <div role="status" aria-label="Loading your saved items" className={GRID}>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="aspect-[4/5]" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        ))}
      </div>
    );
  }
  if (saved.isError) return <LoadError what="Your saved items" message={saved.error.message} onRetry={() => void saved.refetch()} />;

  const list = saved.data;
  const note = owner.kind === 'guest' ? guestNote : null;
  const available = list.filter(isAvailable);
  const gone = list.filter((entry) => !isAvailable(entry));
  const sessionUserId = session.status === 'signed-in' ? session.userId : null;
  // Remove buttons are numbered across both sections, in the order they appear on the page.
  const removing = (index: number) => () => {
    focusAfterRemoval.current = index;
  };

  return (
    <div ref={box} className="flex flex-col gap-8">
      {note}
      {list.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed border-border p-8">
          <Heart aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 data-saved-empty="" tabIndex={-1} className="text-lg font-medium focus:outline-none">
            Nothing saved yet.
          </h2>
          <p className="max-w-prose text-muted-foreground">Tap the heart on anything you like in the catalog to keep it here for later.</p>
          <Button asChild>
            <Link to={paths.catalog.getHref()}>Browse the catalog</Link>
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {list.length} {list.length === 1 ? 'item' : 'items'} saved
          </p>
          {available.length > 0 ? (
            <ul aria-label="Saved items" className={GRID}>
              {available.map((entry, index) => (
                <li key={entry.item_id}>
                  <SavedItemCard entry={entry} owner={owner} sessionUserId={sessionUserId} onRemove={removing(index)} heading="h2" />
                </li>
              ))}
            </ul>
          ) : null}
          {gone.length > 0 ? (
            <section aria-labelledby="saved-gone-heading" className="flex flex-col gap-4">
              <h2 id="saved-gone-heading" className="text-lg font-semibold tracking-tight">
                No longer available
              </h2>
              <p className="max-w-prose text-sm text-muted-foreground">These are no longer sold. Remove them when you no longer need the reminder.</p>
              <ul aria-label="Saved items no longer available" className={GRID}>
                {gone.map((entry, index) => (
                  <li key={entry.item_id}>
                    <SavedItemCard entry={entry} owner={owner} sessionUserId={sessionUserId} onRemove={removing(available.length + index)} heading="h3" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
