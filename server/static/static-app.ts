import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { baseSecurityHeaders, contentSecurityPolicy } from './security-headers.ts';

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
  const csp = contentSecurityPolicy({ scriptHashes: manifest.scriptHashes });
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(baseSecurityHeaders)) c.header(name, value);
    c.header('Content-Security-Policy', csp);
  });

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
      // A missing file with an extension is a real 404, not an app route.
      if (path.extname(requestPath)) return c.text('Not found', 404);
    }
    const headers = { 'Content-Type': MIME['.html'] ?? 'text/html', 'Cache-Control': 'no-cache' };
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(indexHtml, 200, headers);
  });

  return app;
}
