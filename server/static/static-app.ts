import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
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

interface BuildManifest {
  scriptHashes: string[];
  /** Origins besides this one the build talks to (VITE_SUPABASE_URL), as in dist/_headers. */
  connectSources?: string[];
  /** Script and frame origins for the CAPTCHA widget (VITE_TURNSTILE_SITE_KEY), as in dist/_headers. */
  scriptSources?: string[];
  frameSources?: string[];
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() === true;
}

/**
 * Serves the build from `distDir`: hashed assets with a one-year immutable cache, other files
 * revalidated; a prerendered page (`<path>/index.html`) for its route; the app shell (or
 * index.html) for every other route, so deep links work; and, for text files, the brotli or gzip
 * copy written at build time when the request accepts it (Vary: Accept-Encoding). Documents get the
 * CSP that allows exactly the inline theme script by its hash.
 */
export async function createStaticApp(distDir: string): Promise<Hono> {
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

  async function send(c: Context, file: string, cacheControl: string): Promise<Response> {
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
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(await readFile(body), 200, headers);
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request: malformed URL encoding', 400);
    }
    const filePath = path.join(root, path.normalize(requestPath));
    const inside = filePath === root || filePath.startsWith(root + path.sep);
    if (inside && !requestPath.endsWith('/') && (await isFile(filePath))) {
      return send(c, filePath, requestPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // A prerendered route: /catalog → catalog/index.html ("/" → index.html).
    const page = path.join(filePath, 'index.html');
    if (inside && (await isFile(page))) return send(c, page, 'no-cache');
    // A missing file with an extension is a real 404, not an app route. Only a plausible
    // extension counts: "/items/a.__b=1" is an app URL (the app shows its own not-found page).
    if (inside && /^\.[A-Za-z0-9]{1,12}$/.test(path.extname(requestPath))) return c.text('Not found', 404);
    return send(c, fallback, 'no-cache');
  });

  return app;
}
