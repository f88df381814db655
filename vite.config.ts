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
 * Preloads Inter's latin file, the one every page uses: with `font-display: optional`
 * (src/fonts.css) it is used only if it arrives within the first moment, so it is asked for at
 * once, in parallel with the stylesheet that names it.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'lumen-preload-latin-font',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const font = Object.keys(context.bundle ?? {}).find((file) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
        if (!font) return html;
        const link = `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`;
        return html.replace('</script>', `</script>\n    ${link}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [inlineThemeScript(), preloadLatinFont(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', sourcemap: true },
  server: {
    proxy: Object.fromEntries(
      BACKEND_PATHS.map((path) => [path, { target: `http://127.0.0.1:${backendPort}`, ws: path === '/realtime/v1' }]),
    ),
  },
});
