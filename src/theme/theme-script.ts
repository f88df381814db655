/**
 * The classic inline script that applies the theme before first paint. It runs before any
 * stylesheet or module script (vite.config.ts puts it first in <head>), so even when the bundle
 * fails to load the page shows the visitor's theme. Kept as a literal, minified by hand: it must
 * stay tiny (goal ≤ 300 bytes) and its sha256 goes into the CSP.
 *
 * Mirrors parseThemePreference + resolveTheme in theme.ts: only "light" and "dark" are explicit,
 * anything else (including a throwing localStorage) follows the OS, and no matchMedia means light.
 * The meta theme-color values are THEME_COLORS in theme.ts (a unit test keeps them in sync).
 */
export const THEME_SCRIPT =
  'try{var t=localStorage.theme}catch{}var d=document.documentElement,m=self.matchMedia,' +
  's=t=="dark"||t=="light"?t:m&&m("(prefers-color-scheme:dark)").matches?"dark":"light";' +
  'd.dataset.theme=s;d.style.colorScheme=s;' +
  'document.querySelector("meta[name=theme-color]").content=s=="dark"?"#0c0e13":"#fff"';
