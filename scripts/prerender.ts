import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { build } from 'vite';
import WebSocket from 'ws';
import { APP_SHELL, createNodeSupabaseClient, startBackend } from '../server/index.ts';
import { DEFAULT_DEMO_ITEMS } from '../supabase/seed/seed-if-empty.ts';
import { seedCatalog } from '../supabase/seed/seed-catalog.ts';
import { PRERENDERED_ATTRIBUTE, serializeState, STATE_SCRIPT_ID, type RenderedPage } from '../src/app/prerendered-page.ts';
import { privatePrefixes } from './seo/app-routes.ts';
import { headTagsFor, NOINDEX, pageSummaryOf } from './seo/head-tags.ts';
import { loadSiteData } from './seo/site-data.ts';
import { siteRoutes } from './seo/site-routes.ts';
import { robotsTxt, sitemapFiles } from './seo/sitemap.ts';
import type { SiteAddresses } from './seo/structured-data.ts';

/**
 * After `vite build`: prerenders the public routes into dist/ (docs/decisions/007-prerendered-first-paint.md).
 * Each page is `<route>/index.html` — the client build's index.html with the page's markup in #root,
 * its <title> and <meta> in <head> and the data it was rendered with as JSON — so the first paint
 * needs no JavaScript; the app then hydrates it. `app-shell.html` (header and a skeleton) answers
 * every other route, and `404.html` is the not-found page for static hosts.
 *
 * The same data gives each page its canonical address, share-card and structured-data tags, and the
 * site its sitemap.xml and robots.txt (scripts/seo/), all with absolute addresses on SITE_URL (the
 * shop's public origin; locally the backend's http://localhost:54321).
 *
 * Data comes from the hosted project when VITE_SUPABASE_URL is set (public data, the publishable
 * key), otherwise from a local backend started here in memory and seeded with the same
 * deterministic demo catalog `npm start` seeds.
 */

const SSR_OUT_DIR = path.join('node_modules', '.cache', 'lumen-prerender');

interface DataSource {
  client: SupabaseClient;
  close(): Promise<void>;
}

async function localDataSource(rootDir: string): Promise<DataSource> {
  const backend = await startBackend({
    projectDir: path.join(rootDir, 'supabase'),
    data: { memory: true },
    // The rendered app reaches the API over the network, as a browser would.
    port: 0,
    prepare: async ({ serviceClient }) => {
      await seedCatalog(serviceClient(), { items: DEFAULT_DEMO_ITEMS, images: false });
      return [];
    },
  });
  // The app's API calls go here (src/config/env.ts reads it where there is no window).
  (globalThis as { LUMEN_PRERENDER_ORIGIN?: string }).LUMEN_PRERENDER_ORIGIN = backend.url;
  return { client: backend.client(backend.ctx.keys.publishableKey), close: backend.close };
}

function hostedDataSource(url: string, key: string): DataSource {
  return { client: createNodeSupabaseClient(url, key), close: async () => undefined };
}

/** Where the shop is served (SITE_URL) and its pictures (the hosted project, or the shop itself). */
export function siteAddresses(env: NodeJS.ProcessEnv = process.env): SiteAddresses {
  const origin = (value: string, name: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${name} must be an absolute address such as https://shop.example, not "${value}"`);
    }
    if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
      throw new Error(`${name} must be an http(s) origin with no path, such as https://shop.example, not "${value}"`);
    }
    return url.origin;
  };
  const site = origin(env.SITE_URL || DEFAULT_SITE_URL, 'SITE_URL');
  return { site, files: env.VITE_SUPABASE_URL ? origin(env.VITE_SUPABASE_URL, 'VITE_SUPABASE_URL') : site };
}

/** `npm start`'s address (server/cli-args.ts), which a local build's absolute links point at. */
const DEFAULT_SITE_URL = 'http://localhost:54321';

/** The client build's document with one page in it, and the build's own head tags after React's. */
function documentFor(template: string, url: string | null, page: RenderedPage, extraHead: string): string {
  // The CSP allows the theme script by its hash and nothing else inline.
  if (/<script/i.test(page.head + page.body)) throw new Error(`${url ?? 'the app shell'}: the rendered markup has a <script>, which the CSP would refuse`);
  const root = url === null ? '<div id="root">' : `<div id="root" ${PRERENDERED_ATTRIBUTE}="${url.replaceAll('"', '&quot;')}">`;
  const state = `<script type="application/json" id="${STATE_SCRIPT_ID}">${serializeState(page.state)}</script>`;
  const withHead = page.head
    ? template.replace(/<title>[^<]*<\/title>/, () => page.head + extraHead)
    : template.replace('</head>', () => `${extraHead}</head>`);
  return withHead.replace('<div id="root"></div>', `${root}${page.body}</div>${state}`);
}

function fileFor(distDir: string, url: string): string {
  const decoded = decodeURIComponent(url);
  return path.join(distDir, decoded === '/' ? '' : decoded, 'index.html');
}

export async function prerenderSite(rootDir: string, distDir: string, log: (line: string) => void = console.log): Promise<number> {
  const templatePath = path.join(distDir, 'index.html');
  const template = await readFile(templatePath, 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root: was it prerendered already?');

  // The server bundle renders what the browser bundle hydrates: React's production build on both
  // sides (nothing has loaded React in this process before the bundle does).
  process.env.NODE_ENV = 'production';
  await build({ logLevel: 'warn', mode: 'production', build: { ssr: 'src/app/prerender.tsx', outDir: SSR_OUT_DIR, emptyOutDir: true, sourcemap: false } });
  // supabase-js wants a WebSocket constructor even when it never opens one; Node 20 has none.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const { renderPage } = (await import(pathToFileURL(path.join(rootDir, SSR_OUT_DIR, 'prerender.js')).href)) as {
    renderPage: (url: string) => Promise<RenderedPage>;
  };

  const hostedUrl = process.env.VITE_SUPABASE_URL;
  const source = hostedUrl
    ? hostedDataSource(hostedUrl, process.env.VITE_SUPABASE_PUBLISHABLE_KEY ?? '')
    : await localDataSource(rootDir);
  try {
    const data = await loadSiteData(source.client);
    const addresses = siteAddresses();
    const routes = siteRoutes(data);
    let done = 0;
    for (const route of routes) {
      const page = await renderPage(route.path);
      const file = fileFor(distDir, route.path);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, documentFor(template, route.path, page, headTagsFor(route, pageSummaryOf(page.head), data, addresses)));
      if (++done % 50 === 0) log(`prerender: ${done}/${routes.length} pages`);
    }
    // Not hydrated (rendered for another address): the header and a skeleton, then the app. They
    // answer for addresses they were not made for, so search engines are told not to index them.
    for (const [file, url] of [[APP_SHELL, '/account'], ['404.html', '/404']] as const) {
      const page = await renderPage(url);
      // The not-found page says so itself; the app shell needs the tag added.
      await writeFile(path.join(distDir, file), documentFor(template, null, page, page.head.includes('name="robots"') ? '' : NOINDEX));
    }
    for (const sitemap of sitemapFiles(data, addresses.site)) await writeFile(path.join(distDir, sitemap.name), sitemap.xml);
    await writeFile(path.join(distDir, 'robots.txt'), robotsTxt(addresses.site, privatePrefixes()));
    return routes.length;
  } finally {
    await source.close();
    await rm(SSR_OUT_DIR, { recursive: true, force: true });
  }
}
