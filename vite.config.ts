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

export default defineConfig({
  plugins: [inlineThemeScript(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', sourcemap: true },
  server: {
    proxy: Object.fromEntries(
      BACKEND_PATHS.map((path) => [path, { target: `http://127.0.0.1:${backendPort}`, ws: path === '/realtime/v1' }]),
    ),
  },
});
