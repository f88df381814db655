import { Suspense, type ReactNode } from 'react';
import { ItemCardActionContext, type CardActionItem } from '@/components/item-card-action';
import { deferred } from '@/components/ui/deferred';
import { useHydrated } from '@/hooks/use-hydrated';

// Saved items cost the first page almost nothing: their code (queries, the guest list, the merge,
// realtime, the header's link) is one chunk loaded once the page is live. Until it arrives cards are
// drawn without their heart, which then appears over the corner of the picture (nothing moves).
// Prerendered HTML has neither, and hydration keeps it so.
const widgets = () => import('./saved-widgets.tsx');
const cardButton = deferred<{ item: CardActionItem }>(() => widgets().then((module) => module.CardSaveButton));
const header = deferred<object>(() => widgets().then((module) => module.HeaderSavedWidgets));

function CardSaveSlot({ item }: { item: CardActionItem }) {
  return (
    <Suspense fallback={null}>
      <cardButton.Component item={item} />
    </Suspense>
  );
}

/** Puts the heart on every item card once the page is live. */
export function SavedComposition({ children }: { children: ReactNode }) {
  return <ItemCardActionContext.Provider value={useHydrated() ? CardSaveSlot : null}>{children}</ItemCardActionContext.Provider>;
}

/**
 * The header's Saved link at desktop width, and with it what saved items need once per page
 * whatever it shows (SavedRuntime: the merge at sign-in, sync, messages): the header is on every
 * page. Until its code is here a box of the link's size holds its place, so nothing moves.
 */
export function HeaderSaved() {
  const placeholder = <span className="hidden size-10 md:block" />;
  return useHydrated() ? (
    <Suspense fallback={placeholder}>
      <header.Component />
    </Suspense>
  ) : (
    placeholder
  );
}
