import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on a server or hydrates prerendered HTML, true afterwards (and in
 * every render of a page that was not prerendered). Parts that exist only in the browser render
 * once this is true, so the hydrated tree matches the HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
