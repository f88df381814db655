import {
  DARK_SCHEME_QUERY,
  DEFAULT_THEME_PREFERENCE,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  parseThemePreference,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme.ts';

export interface ThemeSnapshot {
  /** What the visitor chose (the radios show this). */
  preference: ThemePreference;
  /** What is applied to the page. */
  resolved: ResolvedTheme;
}

export interface ThemeEnvironment {
  window: Window;
  document: Document;
}

/** Storage that may be blocked or full: every access is guarded and failures fall back to memory. */
function readStoredPreference(win: Window): ThemePreference | null {
  try {
    return parseThemePreference(win.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

function writeStoredPreference(win: Window, preference: ThemePreference): void {
  try {
    win.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Blocked or over quota: the in-memory choice still applies to this page.
  }
}

/**
 * A tiny external store (read with useSyncExternalStore) that owns the applied theme after
 * the inline script: it follows the OS while the preference is "system", follows other tabs
 * through the storage event (never writing back, so many tabs cannot ping-pong), and writes
 * storage only when the visitor picks a different value.
 */
export function createThemeStore({ window: win, document: doc }: ThemeEnvironment) {
  const media = typeof win.matchMedia === 'function' ? win.matchMedia(DARK_SCHEME_QUERY) : null;
  const listeners = new Set<() => void>();
  let snapshot = computeSnapshot(readStoredPreference(win) ?? DEFAULT_THEME_PREFERENCE);

  function computeSnapshot(preference: ThemePreference): ThemeSnapshot {
    return { preference, resolved: resolveTheme(preference, media?.matches ?? false) };
  }

  function apply(next: ThemeSnapshot): void {
    const changed = next.preference !== snapshot.preference || next.resolved !== snapshot.resolved;
    snapshot = next;
    applyToDocument(doc, next.resolved);
    if (changed) for (const listener of listeners) listener();
  }

  const onSystemChange = () => {
    if (snapshot.preference === 'system') apply(computeSnapshot('system'));
  };

  const onStorage = (event: StorageEvent) => {
    // key === null means localStorage.clear() in another tab.
    if (event.key !== null && event.key !== THEME_STORAGE_KEY) return;
    if (event.storageArea && event.storageArea !== safeLocalStorage(win)) return;
    apply(computeSnapshot(parseThemePreference(event.newValue) ?? DEFAULT_THEME_PREFERENCE));
  };

  media?.addEventListener('change', onSystemChange);
  win.addEventListener('storage', onStorage);
  // Re-apply in case the inline script was blocked or saw a different state.
  applyToDocument(doc, snapshot.resolved);

  return {
    getSnapshot: (): ThemeSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setPreference(preference: ThemePreference): void {
      if (preference === snapshot.preference) return;
      writeStoredPreference(win, preference);
      apply(computeSnapshot(preference));
    },
    destroy(): void {
      media?.removeEventListener('change', onSystemChange);
      win.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}

export type ThemeStore = ReturnType<typeof createThemeStore>;

function safeLocalStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/**
 * Sets data-theme, color-scheme and the theme-color meta with transitions suppressed for
 * the switch (the class is defined in the app's CSS; reading layout flushes styles before
 * it is removed, so nothing animates between the two themes).
 */
export function applyToDocument(doc: Document, resolved: ResolvedTheme): void {
  const root = doc.documentElement;
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (root.dataset.theme === resolved && root.style.colorScheme === resolved) {
    if (meta) meta.content = THEME_COLORS[resolved];
    return;
  }
  root.classList.add('theme-switching');
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
  if (meta) meta.content = THEME_COLORS[resolved];
  void doc.defaultView?.getComputedStyle(root).color;
  root.classList.remove('theme-switching');
}
