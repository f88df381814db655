/**
 * Presses made on a prerendered page before the app is live. The inline script loader
 * (vite.config.ts) records, until the app takes over, which look-alike trigger was pressed (its
 * `data-early` name) and the search shortcuts ("/", Ctrl/⌘+K) as "search". Once the first render
 * is committed, each press is handed to the header widget registered under its name, which opens
 * when its code arrives.
 */
declare global {
  interface Window {
    /** The names pressed so far; null once the app is live (the loader stops recording). */
    lumenEarlyPresses?: string[] | null;
  }
}

const openers = new Map<string, () => void>();

/** Registers what a press on `name` made before the app was live should do; returns the unregister. */
export function onEarlyPress(name: string, open: () => void): () => void {
  openers.set(name, open);
  return () => {
    if (openers.get(name) === open) openers.delete(name);
  };
}

/** The app is live: stops the recording and hands each recorded press to its widget. */
export function takeOverEarlyPresses(): void {
  const pressed = new Set(window.lumenEarlyPresses ?? []);
  window.lumenEarlyPresses = null;
  for (const name of pressed) openers.get(name)?.();
}
