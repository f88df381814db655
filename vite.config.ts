import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { checkBuildEnv } from './src/config/env-schema.ts';
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
 * script (it is the one request the prerendered first paint waits for), and the app's module
 * scripts added by a small inline loader once the first frame is painted, so on a slow network
 * the page gets the bandwidth first (docs/decisions/007-prerendered-first-paint.md). Until the app
 * is live the loader also records presses on the header's look-alike triggers and the search
 * shortcuts (a press made with the keyboard, a click with no pointer, is marked ":key" so a menu
 * can focus its first item as it would), which the app then honours (src/lib/early-presses.ts).
 * The loader's sha256 goes into the CSP with the theme script's (scripts/postbuild.ts).
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
        // Right after the theme script and before the stylesheet (an inline script after a pending
        // stylesheet would wait for it): presses are recorded from the first element on.
        const loader = scriptLoader(entry[1] ?? '', preloads.map((m) => m[1] ?? ''));
        return out.replace('</script>', `</script>\n    <script>${loader}</script>${styles.map((m) => m[0]).join('')}`);
      },
    },
  };
}

/**
 * Records early presses (see above), then once the first contentful paint is on screen (reported,
 * not merely drawn: a script asked for in between still competes with the paint for the network)
 * preloads the entry's imports and adds the entry, never before the document is parsed: the app
 * hydrates the whole of #root. A tab opened in the background paints nothing, so it loads them at
 * once; a timer covers anything else that keeps the paint from being reported.
 */
function scriptLoader(entry: string, imports: string[]): string {
  return (
    `(function(){var w=window,h=document.head,d=0;w.lumenEarlyPresses=[];` +
    `function rec(n){if(w.lumenEarlyPresses)w.lumenEarlyPresses.push(n)}` +
    `function press(e){var t=e.target;t=t&&t.closest&&t.closest("[data-early]");if(t)rec(t.getAttribute("data-early")+(e.type=="click"&&!e.detail?":key":""))}` +
    `addEventListener("pointerdown",press,true);addEventListener("click",press,true);` +
    `addEventListener("keydown",function(e){var t=e.target,k=e.key;if(!w.lumenEarlyPresses)return;` +
    `if((k=="k"||k=="K")&&(e.ctrlKey||e.metaKey)||k=="/"&&!e.ctrlKey&&!e.metaKey&&!e.altKey&&!(t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))))` +
    `{e.preventDefault();rec("search")}},true);` +
    `function go(){if(d)return;if(document.readyState=="loading"){document.addEventListener("DOMContentLoaded",go);return}d=1;` +
    `${JSON.stringify(imports)}.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;h.append(l)});` +
    `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};h.append(s)}` +
    `if(document.visibilityState=="hidden"){go();return}` +
    `try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true})}` +
    `catch(e){requestAnimationFrame(function(){setTimeout(go)})}setTimeout(go,2000)})()`
  );
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

export default defineConfig(({ mode }) => {
  // The VITE_ variables from .env files and the environment, as Vite will inline them.
  checkBuildEnv(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
  plugins: [inlineThemeScript(), preloadLatinFont(), loadScriptsAfterFirstPaint(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // No modulepreload polyfill in the entry (some 190 bytes gzip of the first route): every browser
    // the es2022 target reaches but a few old Safari and Firefox releases preloads natively, and
    // those only lose the head start (the modules still load when imported).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, as one file rather than a dozen small shared chunks: fewer
            // requests before the page is interactive, and one module evaluation.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/ },
            // The rest of what the entry imports statically, likewise as one file: split by sharing, it
            // was some 25 chunks of a few hundred bytes (an icon each), each a request and a
            // modulepreload the loader had to add. (The entry is in it too, so src/app/main.tsx has no
            // top-level await: the first route's chunk imports this one and would wait on itself.)
            { name: 'app', tags: ['$initial'] },
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
  };
});
