import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface Deferred<P> {
  /** Starts loading (once). */
  load(): Promise<unknown>;
  /** The component, to render inside Suspense with a look-alike fallback. */
  Component: LazyExoticComponent<ComponentType<P>>;
}

/**
 * A widget whose code is not needed for the first paint (Radix dialogs and menus with their
 * focus, scroll-lock and positioning code). It is its own chunk, requested during the first
 * render, so it downloads in parallel with the page instead of delaying it; until it arrives the
 * caller shows a look-alike trigger. docs/decisions/005-first-route-budget.md has the figures.
 */
export function deferred<P>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const load = () => (pending ??= importer());
  return { load, Component: lazy(async () => ({ default: await load() })) };
}
