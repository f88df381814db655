import { use, useCallback, useReducer, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteOffline } from './route-offline.tsx';

const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** A route's code as its load ended: the page, or why not (and whether the device was offline then). */
type RouteLoad = { Page: ComponentType } | { error: unknown; offline: boolean };

/**
 * A route whose code loads on demand. Its element renders the component once loaded and suspends
 * until then (router navigations are transitions, so the page shown stays until the next is
 * ready); `preload` lets the first render start with the code already there.
 *
 * Offline, the offline message takes the page's place (the header stays) and the code is loaded
 * when the connection returns or on Retry. One that failed online (the chunk is
 * gone after a deploy) goes to the route error boundary, whose Reload fetches the new build.
 */
export function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | null = null;
  // A failed load is kept until it is explicitly retried: a fresh promise per render would
  // suspend again and again on a chunk that cannot be had. It never rejects, so the first
  // render's preload (loadMatchedRoutes) cannot stop the app from starting.
  let pending: Promise<RouteLoad> | null = null;
  const preload = (): Promise<RouteLoad> => {
    // Offline, the code is not even asked for. Chromium keeps a module fetch that failed in the
    // document's module map, and with it every import of that file and of the chunks Vite
    // modulepreloads beside it: an import that failed offline would fail forever in this document.
    if (isOffline()) return (pending ??= Promise.resolve({ error: new Error('offline'), offline: true }));
    return (pending ??= load().then(
      (Page) => {
        loaded = Page;
        return { Page };
      },
      (error: unknown) => ({ error, offline: isOffline() }),
    ));
  };
  function LazyRoute() {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    // Forgets the failed load and renders again, which loads afresh (RouteOffline calls it in a transition).
    const retry = useCallback(() => {
      pending = null;
      rerender();
    }, []);
    const result: RouteLoad = loaded ? { Page: loaded } : use(preload());
    if ('Page' in result) return <result.Page />;
    if (!result.offline) throw result.error;
    return <RouteOffline retry={retry} />;
  }
  return { element: <LazyRoute />, handle: { preload } };
}
