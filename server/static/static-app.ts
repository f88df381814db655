import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { securityHeaders } from '../gateway/security-headers-middleware.ts';
import { chooseEncoding, COMPRESSIBLE_EXTENSIONS, PRECOMPRESSED, type Encoding } from './content-encoding.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The single-page app's document for routes that were not prerendered (scripts/prerender.ts). */
export const APP_SHELL = 'app-shell.html';
/** The not-found page (scripts/prerender.ts), answered with a 404. */
export const NOT_FOUND_PAGE = '404.html';

/** How the build says the app's addresses are answered (scripts/seo/app-routes.ts). */
export interface RouteTable {
  /** Route patterns (`/orders/:reference`, `/admin/*`) the app shell answers with 200. */
  app: string[];
  /** Patterns whose one parameter the data decides: an item's slug, a category's. */
  lookups: { item: string; category: string };
}

/** What the data says of an address the build did not prerender: made since (200), retired (410), or unknown (404). */
export type PageStatus = 'found' | 'gone' | 'missing' | 'busy';
export type PageLookup = (c: Context, kind: keyof RouteTable['lookups'], slug: string) => Promise<PageStatus>;

export interface StaticAppOptions {
  /** Asks the database about items and categories made or retired since the build; without it they are not found, as on a static host. */
  lookup?: PageLookup;
}

interface BuildManifest {
  scriptHashes: string[];
  /** Origins besides this one the build talks to (VITE_SUPABASE_URL), as in dist/_headers. */
  connectSources?: string[];
  /** Script and frame origins for the CAPTCHA widget (VITE_TURNSTILE_SITE_KEY), as in dist/_headers. */
  scriptSources?: string[];
  frameSources?: string[];
  /** Missing in builds from before statuses: every other address then gets the app shell. */
  routes?: RouteTable;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() === true;
}

/**
 * Serves the build from `distDir`: hashed assets with a one-year immutable cache, other files
 * revalidated; a prerendered page (`<path>/index.html`) for its route; the app shell (or
 * index.html) for the app's own routes, so deep links work; and, for text files, the brotli or gzip
 * copy written at build time when the request accepts it (Vary: Accept-Encoding). Documents get the
 * CSP that allows exactly the inline theme script by its hash.
 *
 * Addresses nobody prerendered answer with real statuses, as the build's dist/_redirects tells a
 * static host: an unknown path, item or category gets the not-found page with 404; an item made
 * after the build gets the app shell (200) and a retired one the app shell with 410 (the app says
 * it is no longer available), as `options.lookup` finds in the database.
 */
export async function createStaticApp(distDir: string, options: StaticAppOptions = {}): Promise<Hono> {
  const root = path.resolve(distDir);
  const manifest = JSON.parse(await readFile(path.join(root, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const fallback = (await isFile(path.join(root, APP_SHELL))) ? path.join(root, APP_SHELL) : path.join(root, 'index.html');
  const csp = contentSecurityPolicy({
    scriptHashes: manifest.scriptHashes,
    connectSources: manifest.connectSources,
    scriptSources: manifest.scriptSources,
    frameSources: manifest.frameSources,
  });
  const app = new Hono();

  // The document policy on everything served from dist (app.ts adds the base headers again, harmlessly).
  app.use('*', securityHeaders({ contentSecurityPolicy: csp }));

  async function send(c: Context, file: string, cacheControl: string, status: ContentfulStatusCode = 200): Promise<Response> {
    const extension = path.extname(file);
    const headers: Record<string, string> = {
      'Content-Type': MIME[extension] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
    };
    let body = file;
    if (COMPRESSIBLE_EXTENSIONS.has(extension)) {
      headers.Vary = 'Accept-Encoding';
      const available: Encoding[] = [];
      for (const { encoding, extension: suffix } of PRECOMPRESSED) if (await isFile(`${file}${suffix}`)) available.push(encoding);
      const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
      const sidecar = PRECOMPRESSED.find((candidate) => candidate.encoding === encoding);
      if (sidecar) {
        headers['Content-Encoding'] = sidecar.encoding;
        body = `${file}${sidecar.extension}`;
      }
    }
    headers['Content-Length'] = String((await stat(body)).size);
    return c.req.method === 'HEAD' ? c.body(null, status, headers) : c.body(await readFile(body), status, headers);
  }

  const notFoundPage = (await isFile(path.join(root, NOT_FOUND_PAGE))) ? path.join(root, NOT_FOUND_PAGE) : fallback;

  /**
   * The request's path, decoded, and where in dist it points: 'malformed' for broken percent
   * encoding, null for a path that leaves dist.
   */
  function locate(c: Context): { requestPath: string; filePath: string } | 'malformed' | null {
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return 'malformed';
    }
    const filePath = path.join(root, path.normalize(requestPath));
    return filePath === root || filePath.startsWith(root + path.sep) ? { requestPath, filePath } : null;
  }

  /** A prerendered route's page: /catalog → catalog/index.html ("/" → index.html). */
  async function prerenderedPage(c: Context): Promise<string | null> {
    const located = locate(c);
    if (located === null || located === 'malformed') return null;
    const page = path.join(located.filePath, 'index.html');
    return (await isFile(page)) ? page : null;
  }

  /** Every address that is not a file of the build, answered by what it is (the build's route table). */
  const pages = new Hono();
  const { routes } = manifest;
  if (routes) {
    for (const pattern of routes.app) pages.on(['GET', 'HEAD'], pattern, (c) => send(c, fallback, 'no-cache'));
    for (const kind of ['item', 'category'] as const) {
      pages.on(['GET', 'HEAD'], routes.lookups[kind], async (c) => {
        const prerendered = await prerenderedPage(c);
        // A category's page stands as built; an item is asked about even when it has a page, since
        // it may have been taken off sale since the build (its page would still offer it).
        if (!options.lookup || (prerendered && kind === 'category')) {
          return prerendered ? send(c, prerendered, 'no-cache') : send(c, notFoundPage, 'no-cache', 404);
        }
        const slug = Object.values(c.req.param() as Record<string, string>)[0] ?? '';
        const status = await options.lookup(c, kind, slug);
        if (status === 'found') return send(c, prerendered ?? fallback, 'no-cache');
        if (status === 'gone') return send(c, fallback, 'no-cache', 410);
        if (status === 'busy') {
          // A page the build made is served as it is rather than refused.
          if (prerendered) return send(c, prerendered, 'no-cache');
          c.header('Retry-After', '1');
          return send(c, fallback, 'no-store', 503);
        }
        return send(c, notFoundPage, 'no-cache', 404);
      });
    }
  }
  pages.all('*', async (c) => {
    const prerendered = await prerenderedPage(c);
    if (prerendered) return send(c, prerendered, 'no-cache');
    // A missing file with an extension is a real 404, not an app route. Only a plausible
    // extension counts: "/items/a.__b=1" is an app URL (the app shows its own not-found page).
    const located = locate(c);
    const requestPath = located === null || located === 'malformed' ? '' : located.requestPath;
    if (/^\.[A-Za-z0-9]{1,12}$/.test(path.extname(requestPath))) return c.text('Not found', 404);
    // Builds from before the route table answer every other address with the app.
    return routes ? send(c, notFoundPage, 'no-cache', 404) : send(c, fallback, 'no-cache');
  });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const located = locate(c);
    if (located === 'malformed') return c.text('Bad request: malformed URL encoding', 400);
    if (located && !located.requestPath.endsWith('/') && (await isFile(located.filePath))) {
      return send(c, located.filePath, located.requestPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    return pages.fetch(c.req.raw, c.env);
  });

  return app;
}
