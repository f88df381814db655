/**
 * Presses made on a prerendered page before the app is live. The inline script loader
 * (vite.config.ts) records, until the app takes over, which look-alike trigger was pressed (its
 * `data-early` name, with ":key" when the press came from the keyboard) and the search shortcuts
 * ("/", Ctrl/⌘+K) as "search". Once the first render is committed, each press is handed to the
 * header widget registered under its name, which opens when its code arrives.
 */
declare global {
  interface Window {
    /** The names pressed so far; null once the app is live (the loader stops recording). */
    lumenEarlyPresses?: string[] | null;
  }
}

/** How a widget was asked to open: a menu opened from the keyboard focuses its first item. */
export type PressedWith = 'pointer' | 'keyboard';

const openers = new Map<string, (pressedWith: PressedWith) => void>();

/** Registers what a press on `name` made before the app was live should do; returns the unregister. */
export function onEarlyPress(name: string, open: (pressedWith: PressedWith) => void): () => void {
  openers.set(name, open);
  return () => {
    if (openers.get(name) === open) openers.delete(name);
  };
}

/** The app is live: stops the recording and hands each recorded press to its widget. */
export function takeOverEarlyPresses(): void {
  const pressed = new Map<string, PressedWith>();
  for (const entry of window.lumenEarlyPresses ?? []) {
    const [name = '', how] = entry.split(':');
    if (how === 'key' || !pressed.has(name)) pressed.set(name, how === 'key' ? 'keyboard' : 'pointer');
  }
  window.lumenEarlyPresses = null;
  for (const [name, pressedWith] of pressed) openers.get(name)?.(pressedWith);
}
