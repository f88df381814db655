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
 * The document's order, after Vite has added its tags: the stylesheet right after the theme
 * script (it is the one request the first paint waits for), and the app's module scripts started
 * by a small loader once the first frame is painted, so on a slow network the prerendered page
 * gets the bandwidth first and the script does not compete with it
 * (docs/decisions/007-prerendered-first-paint.md). The loader's sha256 goes into the CSP with the
 * theme script's (scripts/postbuild.ts).
 */
function loadScriptsAfterFirstPaint(): Plugin {
  return {
    name: 'lumen-load-scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('index.html: no module entry script to load after the first paint');
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        const styles = [...html.matchAll(/\s*<link rel="stylesheet" crossorigin href="[^"]+">/g)];
        let out = html;
        for (const match of [entry, ...preloads, ...styles]) out = out.replace(match[0], '');
        out = out.replace('</script>', `</script>${styles.map((m) => m[0]).join('')}`);
        const loader = scriptLoader(entry[1] ?? '', preloads.map((m) => m[1] ?? ''));
        return out.replace('</body>', `  <script>${loader}</script>\n  </body>`);
      },
    },
  };
}

/**
 * Preloads the entry's imports, then adds the entry, after the next frame (a timer covers tabs
 * that paint no frames, such as one opened in the background).
 */
function scriptLoader(entry: string, imports: string[]): string {
  return (
    `(function(){var d=0,h=document.head;function go(){if(d)return;d=1;` +
    `${JSON.stringify(imports)}.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;h.append(l)});` +
    `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};h.append(s)}` +
    `requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,300)})()`
  );
}

export default defineConfig({
  plugins: [inlineThemeScript(), loadScriptsAfterFirstPaint(), react(), tailwindcss()],
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
