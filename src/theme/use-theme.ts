import { useSyncExternalStore } from 'react';
import { createThemeStore, type ThemeSnapshot, type ThemeStore } from './theme-store.ts';
import { DEFAULT_THEME_PREFERENCE, type ThemePreference } from './theme.ts';

let store: ThemeStore | null = null;

/** The page's one theme store, created on first use (after the inline script has run). */
export function getThemeStore(): ThemeStore {
  store ??= createThemeStore({ window, document });
  return store;
}

/**
 * What prerendered HTML was rendered with (no visitor, no storage), so hydration renders the same;
 * the applied theme itself is set before the first paint by the inline script, not by React.
 */
const SERVER_SNAPSHOT: ThemeSnapshot = { preference: DEFAULT_THEME_PREFERENCE, resolved: 'light' };
const getServerSnapshot = () => SERVER_SNAPSHOT;
const noSubscription = () => () => undefined;
const ignorePreference = () => undefined;

export function useTheme(): ThemeSnapshot & { setPreference: (preference: ThemePreference) => void } {
  const themeStore = typeof window === 'undefined' ? null : getThemeStore();
  const snapshot = useSyncExternalStore(themeStore?.subscribe ?? noSubscription, themeStore?.getSnapshot ?? getServerSnapshot, getServerSnapshot);
  return { ...snapshot, setPreference: themeStore?.setPreference ?? ignorePreference };
}
