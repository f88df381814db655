import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';
import { APP_SHELL, createStaticApp } from './static-app.ts';

let distDir: string;
let app: Awaited<ReturnType<typeof createStaticApp>>;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'lumen-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *');
  await writeFile(path.join(distDir, 'build-manifest.json'), JSON.stringify({ scriptHashes: ["'sha256-abc='"] }));
  await writeFile(path.join(tmpdir(), 'outside-secret.txt'), 'secret');
  await writeFile(path.join(distDir, 'assets', 'big-def456.js'), `export const words = ${JSON.stringify('lumen '.repeat(2000))};`);
  await writeFile(path.join(distDir, 'assets', 'photo-1.webp'), Buffer.alloc(4096, 7));
  app = await createStaticApp(distDir);
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

describe('static app', () => {
  it('serves index.html for deep links with a strict CSP and security headers', async () => {
    const response = await app.request('/catalog/lamps?sort=price');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await app.request('/assets/main-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    const robots = await app.request('/robots.txt');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file rather than the app', async () => {
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect((await app.request('/favicon.ico')).status).toBe(404);
  });

  it('serves the app for a path whose dot is no file extension, so the app shows its not-found page', async () => {
    for (const url of ['/items/javascript:window.__xss=1', `/catalog/${encodeURIComponent('<img src=x onerror="window.__xss=1">')}`]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain('<title>app</title>');
    }
  });

  it('never serves files outside dist', async () => {
    for (const attempt of ['/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/assets/..%2f..%2foutside-secret.txt']) {
      const response = await app.request(attempt);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('answers 400 for malformed percent-encoding', async () => {
    expect((await app.request('/%E0%A4%A')).status).toBe(400);
  });

  it('serves the brotli or gzip copy written at build time, as the request accepts, with Vary', async () => {
    const written = await precompress(distDir);
    // Every text file (two scripts, the page, robots.txt, the manifest); never the picture.
    expect(written.files).toBe(5);
    const original = await app.request('/assets/big-def456.js');
    const plain = await original.text();
    expect(original.headers.get('content-encoding')).toBeNull();
    expect(original.headers.get('vary')).toBe('Accept-Encoding');

    const br = await app.request('/assets/big-def456.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(plain.length / 10);
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain);

    const gzip = await app.request('/assets/big-def456.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);

    const image = await app.request('/assets/photo-1.webp', { headers: { 'Accept-Encoding': 'br' } });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
  });

  it('serves a prerendered page for its route and the app shell for the other routes', async () => {
    await mkdir(path.join(distDir, 'catalog'), { recursive: true });
    await writeFile(path.join(distDir, 'catalog', 'index.html'), '<!doctype html><title>catalog, prerendered</title>');
    await writeFile(path.join(distDir, APP_SHELL), '<!doctype html><title>app shell</title>');
    const withShell = await createStaticApp(distDir);
    expect(await (await withShell.request('/catalog')).text()).toContain('catalog, prerendered');
    expect(await (await withShell.request('/catalog/')).text()).toContain('catalog, prerendered');
    expect(await (await withShell.request('/')).text()).toContain('<title>app</title>');
    const other = await withShell.request('/account');
    expect(await other.text()).toContain('app shell');
    expect(other.headers.get('content-security-policy')).toContain("'sha256-abc='");
  });

  it('answers HEAD without a body', async () => {
    const response = await app.request('/assets/main-abc123.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
