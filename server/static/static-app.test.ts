import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticApp } from './static-app.ts';

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

  it('answers HEAD without a body', async () => {
    const response = await app.request('/assets/main-abc123.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
