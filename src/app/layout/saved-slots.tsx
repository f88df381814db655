import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { ItemCardActionContext } from '@/components/item-card-action';
import { importUntilLoaded } from '@/components/ui/deferred';
import type * as SavedWidgets from './saved-widgets.tsx';

// Saved items cost the first page almost nothing: their code (queries, the guest list, the merge,
// realtime, the header's link, the hearts) is one chunk, asked for once the page is live, and its
// parts are drawn only once it is here, so nothing waits for it in a Suspense boundary. Until then
// cards are drawn without their heart, which then appears over the corner of the picture, and a
// box of the header link's size holds its place (nothing moves). Prerendered HTML has neither, and
// hydration keeps it so: the code is asked for by an effect, which only runs after hydration.
const SavedPartsContext = createContext<typeof SavedWidgets | null>(null);

/** Puts the heart on every item card, the Saved link in the header and SavedRuntime on the page, once loaded. */
export function SavedComposition({ children }: { children: ReactNode }) {
  const [parts, setParts] = useState<typeof SavedWidgets | null>(null);
  useEffect(() => {
    // Every card on the page draws its heart: in slices, like the page going live (useHydrated).
    void importUntilLoaded(() => import('./saved-widgets.tsx')).then((loaded) => startTransition(() => setParts(loaded)));
  }, []);
  return (
    <SavedPartsContext.Provider value={parts}>
      <ItemCardActionContext.Provider value={parts?.CardSaveButton ?? null}>
        {children}
        {parts ? <parts.SavedRuntimeWidget /> : null}
      </ItemCardActionContext.Provider>
    </SavedPartsContext.Provider>
  );
}

/** The header's Saved link at desktop width, with the count ("Saved, 3 items"). */
export function HeaderSaved() {
  const parts = useContext(SavedPartsContext);
  return parts ? <parts.HeaderSavedLink /> : <span className="hidden size-10 md:block" />;
}
