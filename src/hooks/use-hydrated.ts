import { startTransition, useEffect, useState } from 'react';

let hydratingPrerenderedPage = false;

/** Set by src/app/main.tsx around the first render of a prerendered page (hydration). */
export function setHydratingPrerenderedPage(hydrating: boolean): void {
  hydratingPrerenderedPage = hydrating;
}

/**
 * False while React renders on a server or hydrates prerendered HTML, true afterwards (and in
 * every render of a page that was not prerendered, and of anything mounted later). Parts that exist
 * only in the browser render once this is true, so the hydrated tree matches the HTML exactly.
 *
 * The switch to true is a transition: React renders it in slices and yields between them. (It was
 * useSyncExternalStore with a server snapshot; React re-renders a store that differs from its
 * server snapshot synchronously, and every live part of the header in one task was a long task on
 * a slow phone, right after hydration.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydratingPrerenderedPage);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
