import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_SCRIPT } from './src/theme/theme-script.ts';

const BACKEND_PATHS = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1', '/realtime/v1', '/_dev'];
const backendPort = Number(process.env.BACKEND_PORT ?? 54321);

/** Puts the theme script first in <head>, before any stylesheet or module script Vite adds. */
function inlineThemeScript(): Plugin {
  return {
    name: 'lumen-inline-theme-script',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('<!-- theme-script -->', `<script>${THEME_SCRIPT}</script>`),
    },
  };
}

/**
 * The stylesheet right after the theme script, before the module scripts and their preloads Vite
 * adds: it is the one request the prerendered first paint waits for
 * (docs/decisions/007-prerendered-first-paint.md).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'lumen-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const styles = [...html.matchAll(/\s*<link rel="stylesheet" crossorigin href="[^"]+">/g)];
        let out = html;
        for (const match of styles) out = out.replace(match[0], '');
        return out.replace('</script>', `</script>${styles.map((m) => m[0]).join('')}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [inlineThemeScript(), stylesheetFirst(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, as one file rather than a dozen small shared chunks: fewer
            // requests before the page is interactive, and one module evaluation.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      BACKEND_PATHS.map((path) => [path, { target: `http://127.0.0.1:${backendPort}`, ws: path === '/realtime/v1' }]),
    ),
  },
});
