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
/** Presses taken over before their widget registered (it hydrated in a later commit than the root). */
const waiting = new Map<string, PressedWith>();

/** Registers what a press on `name` made before the app was live should do; returns the unregister. */
export function onEarlyPress(name: string, open: (pressedWith: PressedWith) => void): () => void {
  openers.set(name, open);
  const pressedWith = waiting.get(name);
  if (pressedWith) {
    waiting.delete(name);
    open(pressedWith);
  }
  return () => {
    if (openers.get(name) === open) openers.delete(name);
  };
}

/**
 * The app is live: stops the recording and hands each recorded press to its widget. React may
 * hydrate part of the page (a Suspense boundary) in a later commit than the one that calls this,
 * so a press whose widget has not registered yet waits for it.
 */
export function takeOverEarlyPresses(): void {
  const pressed = new Map<string, PressedWith>();
  for (const entry of window.lumenEarlyPresses ?? []) {
    const [name = '', how] = entry.split(':');
    if (how === 'key' || !pressed.has(name)) pressed.set(name, how === 'key' ? 'keyboard' : 'pointer');
  }
  window.lumenEarlyPresses = null;
  for (const [name, pressedWith] of pressed) {
    const open = openers.get(name);
    if (open) open(pressedWith);
    else waiting.set(name, pressedWith);
  }
}
