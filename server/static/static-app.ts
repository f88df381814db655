import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { securityHeaders } from '../gateway/security-headers-middleware.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
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
  '.webmanifest': 'application/manifest+json',
};

interface BuildManifest {
  scriptHashes: string[];
  /** Origins besides this one the build talks to (VITE_SUPABASE_URL), as in dist/_headers. */
  connectSources?: string[];
}

/**
 * Serves the built SPA from `distDir`: hashed assets with a one-year immutable cache,
 * other files revalidated, and index.html for every other GET (deep links), with the CSP
 * that allows exactly the inline theme script by its hash.
 */
export async function createStaticApp(distDir: string): Promise<Hono> {
  const root = path.resolve(distDir);
  const manifest = JSON.parse(await readFile(path.join(root, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const indexHtml = await readFile(path.join(root, 'index.html'));
  const csp = contentSecurityPolicy({ scriptHashes: manifest.scriptHashes, connectSources: manifest.connectSources });
  const app = new Hono();

  // The document policy on everything served from dist (app.ts adds the base headers again, harmlessly).
  app.use('*', securityHeaders({ contentSecurityPolicy: csp }));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request: malformed URL encoding', 400);
    }
    const filePath = path.join(root, path.normalize(requestPath));
    if (filePath.startsWith(root + path.sep) && !requestPath.endsWith('/')) {
      const file = await stat(filePath).catch(() => null);
      if (file?.isFile()) {
        const hashed = requestPath.startsWith('/assets/');
        const headers = {
          'Content-Type': MIME[path.extname(filePath)] ?? 'application/octet-stream',
          'Content-Length': String(file.size),
          'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        };
        return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(await readFile(filePath), 200, headers);
      }
      // A missing file with an extension is a real 404, not an app route. Only a plausible
      // extension counts: "/items/a.__b=1" is an app URL (the app shows its own not-found page).
      if (/^\.[A-Za-z0-9]{1,12}$/.test(path.extname(requestPath))) return c.text('Not found', 404);
    }
    const headers = { 'Content-Type': MIME['.html'] ?? 'text/html', 'Cache-Control': 'no-cache' };
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(indexHtml, 200, headers);
  });

  return app;
}
