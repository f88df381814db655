import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes live. Prerendered HTML and the hydrating render
 * see `false` (the wide layout); CSS must hide whatever differs until the app is live, so the switch
 * after hydration moves nothing on screen.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `md` breakpoint: below it is the phone layout. */
export const PHONE_QUERY = '(max-width: 47.99rem)';
