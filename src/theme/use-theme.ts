import { useSyncExternalStore } from 'react';
import { createThemeStore, type ThemeSnapshot, type ThemeStore } from './theme-store.ts';
import type { ThemePreference } from './theme.ts';

let store: ThemeStore | null = null;

/** The page's one theme store, created on first use (after the inline script has run). */
export function getThemeStore(): ThemeStore {
  store ??= createThemeStore({ window, document });
  return store;
}

export function useTheme(): ThemeSnapshot & { setPreference: (preference: ThemePreference) => void } {
  const themeStore = getThemeStore();
  const snapshot = useSyncExternalStore(themeStore.subscribe, themeStore.getSnapshot);
  return { ...snapshot, setPreference: themeStore.setPreference };
}
