import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import type { CardActionItem } from '@/components/item-card-action';
import { SaveButton } from '@/features/saved/components/save-button';
import { SavedBadge } from '@/features/saved/components/saved-badge';
import { SavedPage } from '@/features/saved/components/saved-page';
import { SavedRuntime } from '@/features/saved/components/saved-runtime';
import { savedLinkName, useSavedCount } from '@/features/saved/hooks/use-saved-count';
import { useSavedSession } from './saved-session.ts';

// Saved items' parts of the page, each given the session. Loaded after the first paint
// (saved-slots.tsx); the item page, the Saved page and the phone menu import them from here too,
// so all of saved items' code is this one chunk (each further chunk the first page could load
// adds its name to the first page's script).

/** Over the top corner of an item card's picture, above the card-wide link. */
export function CardSaveButton({ item }: { item: CardActionItem }) {
  return (
    <div className="absolute top-2 right-2 z-10">
      <SaveButton item={item} session={useSavedSession()} />
    </div>
  );
}

/** Beside Add to cart (`page`), or beside the title on phones, where the buy bar has no room (`title`). */
export function ItemPageSaveButton({ item, size }: { item: CardActionItem; size: 'page' | 'title' }) {
  return <SaveButton item={item} session={useSavedSession()} size={size} />;
}

/** The header's Saved link at desktop width: a heart with the count, named "Saved, 3 items". */
export function HeaderSavedLink() {
  const count = useSavedCount(useSavedSession());
  return (
    <NavLink
      to={paths.saved.getHref()}
      end
      aria-label={savedLinkName(count)}
      className="relative hidden size-10 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-muted md:inline-flex [&_svg]:size-5"
    >
      <Heart aria-hidden="true" />
      <SavedBadge count={count} />
    </NavLink>
  );
}

/** What saved items need once per page, whatever it shows: the merge at sign-in, sync, messages. */
export function SavedRuntimeWidget() {
  return <SavedRuntime session={useSavedSession()} />;
}

/** The phone menu's Saved line, with the count as a badge at its end ("Saved, 3 items"). */
export function MenuSavedLink({ className, onClick }: { className: (state: { isActive: boolean }) => string; onClick: () => void }) {
  const count = useSavedCount(useSavedSession());
  return (
    <NavLink to={paths.saved.getHref()} end onClick={onClick} aria-label={savedLinkName(count)} className={className}>
      <Heart aria-hidden="true" />
      Saved
      <SavedBadge count={count} className="ml-auto" />
    </NavLink>
  );
}

/** The Saved page's list for this session; `guestNote` is shown to guests. */
export function SavedItems({ guestNote }: { guestNote: ReactNode }) {
  return <SavedPage session={useSavedSession()} guestNote={guestNote} />;
}
