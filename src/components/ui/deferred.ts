import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface Deferred<P> {
  /** Starts loading (once). */
  load(): Promise<unknown>;
  /** The component, to render inside Suspense with a look-alike fallback. */
  Component: LazyExoticComponent<ComponentType<P>>;
}

/** Waits between attempts while the browser says it is online: 1 s, doubling up to 30 s. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/** Resolves when the browser is back online, or after `ms` when it already is. */
function beforeNextAttempt(ms: number): Promise<void> {
  if (typeof window === 'undefined' || navigator.onLine) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * The import, tried again until it arrives: offline, when the connection is back; otherwise after
 * a growing pause. A widget's code that could not be fetched (the device went offline before it
 * arrived) must not take the page down with it: its look-alike stays until the code is here.
 */
export async function importUntilLoaded<T>(importer: () => Promise<T>): Promise<T> {
  for (let pause = FIRST_RETRY_MS; ; pause = Math.min(pause * 2, LAST_RETRY_MS)) {
    try {
      return await importer();
    } catch {
      await beforeNextAttempt(pause);
    }
  }
}

/**
 * A widget whose code is not needed for the first paint (Radix dialogs and menus with their
 * focus, scroll-lock and positioning code). It is its own chunk, requested during the first
 * render, so it downloads in parallel with the page instead of delaying it; until it arrives the
 * caller shows a look-alike trigger. docs/decisions/005-first-route-budget.md has the figures.
 */
export function deferred<P>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const load = () => (pending ??= importUntilLoaded(importer));
  return { load, Component: lazy(async () => ({ default: await load() })) };
}
