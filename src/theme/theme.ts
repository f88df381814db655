/** The one owner of the theme's key and values (seed spec §4, §9; DESIGN §3). */
export const THEME_STORAGE_KEY = 'theme';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';

/** Browser chrome colours per applied theme; the inline script hard-codes the same two. */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#fff', dark: '#0c0e13' };

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Anything but the three values means "no preference". */
export function parseThemePreference(value: unknown): ThemePreference | null {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value)
    ? (value as ThemePreference)
    : null;
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

export const THEME_LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};
