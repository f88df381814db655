import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SHELL, createStaticApp, NOT_FOUND_PAGE, type PageLookup, type PageStatus, type RouteTable } from './static-app.ts';

const ROUTES: RouteTable = {
  app: ['/cart', '/account', '/orders/:reference', '/admin', '/admin/*'],
  lookups: { item: '/items/:slug', category: '/catalog/:category' },
};

/** What the database would say: one item made after the build, one retired, one category made since. */
const lookup: PageLookup = async (_c, kind, slug) => {
  if (kind === 'item') {
    const statuses: Record<string, PageStatus> = { 'halo-lamp': 'found', 'new-lamp': 'found', 'old-lamp': 'gone', 'busy-lamp': 'busy', 'busy-halo': 'busy', 'retired-halo': 'gone' };
    return statuses[slug] ?? 'missing';
  }
  return slug === 'new-category' ? 'found' : 'missing';
};

let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'lumen-statuses-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(path.join(distDir, APP_SHELL), '<!doctype html><title>shell</title>');
  await writeFile(path.join(distDir, NOT_FOUND_PAGE), '<!doctype html><title>not found</title>');
  await writeFile(path.join(distDir, 'build-manifest.json'), JSON.stringify({ scriptHashes: ["'sha256-abc='"], routes: ROUTES }));
  await writeFile(path.join(distDir, 'sitemap.xml'), '<urlset/>');
  for (const slug of ['halo-lamp', 'busy-halo', 'retired-halo', 'deleted-halo']) {
    await mkdir(path.join(distDir, 'items', slug), { recursive: true });
    await writeFile(path.join(distDir, 'items', slug, 'index.html'), '<!doctype html><title>halo</title>');
  }
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

async function answer(app: Awaited<ReturnType<typeof createStaticApp>>, url: string, method = 'GET') {
  const response = await app.request(url, { method });
  const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? null;
  return { status: response.status, title };
}

describe('statuses of the addresses the build did not prerender', () => {
  it('serves prerendered pages and files as they are', async () => {
    const app = await createStaticApp(distDir, { lookup });
    expect(await answer(app, '/')).toEqual({ status: 200, title: 'home' });
    expect(await answer(app, '/items/halo-lamp')).toEqual({ status: 200, title: 'halo' });
    expect((await app.request('/sitemap.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it("answers the app's own pages with the app shell", async () => {
    const app = await createStaticApp(distDir, { lookup });
    for (const url of ['/cart', '/account', '/orders/7K3Q-9XPD', '/admin', '/admin/items/12']) {
      expect(await answer(app, url), url).toEqual({ status: 200, title: 'shell' });
    }
  });

  it('answers unknown paths, items and categories with the not-found page and 404', async () => {
    const app = await createStaticApp(distDir, { lookup });
    for (const url of ['/no/such/page', '/items/does-not-exist', '/catalog/nope', '/cartx', '/orders', `/items/${'x'.repeat(300)}`]) {
      expect(await answer(app, url), url).toEqual({ status: 404, title: 'not found' });
    }
    const head = await app.request('/no/such/page', { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers an item or category made after the build with the app, and a retired item with 410', async () => {
    const app = await createStaticApp(distDir, { lookup });
    expect(await answer(app, '/items/new-lamp')).toEqual({ status: 200, title: 'shell' });
    expect(await answer(app, '/catalog/new-category')).toEqual({ status: 200, title: 'shell' });
    expect(await answer(app, '/items/old-lamp')).toEqual({ status: 410, title: 'shell' });
  });

  it("asks about a prerendered item too: one taken off sale since the build answers 410, one gone entirely 404", async () => {
    const app = await createStaticApp(distDir, { lookup });
    expect(await answer(app, '/items/retired-halo')).toEqual({ status: 410, title: 'shell' });
    expect(await answer(app, '/items/deleted-halo')).toEqual({ status: 404, title: 'not found' });
    // With no room in the database line, the page the build made is served as it is.
    expect(await answer(app, '/items/busy-halo')).toEqual({ status: 200, title: 'halo' });
  });

  it('asks a crawler to come back when the database has no room for the question', async () => {
    const app = await createStaticApp(distDir, { lookup });
    const response = await app.request('/items/busy-lamp');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('without a database (a static host) knows only what was prerendered, like dist/_redirects', async () => {
    const app = await createStaticApp(distDir);
    expect(await answer(app, '/items/new-lamp')).toEqual({ status: 404, title: 'not found' });
    expect(await answer(app, '/items/retired-halo')).toEqual({ status: 200, title: 'halo' });
    expect(await answer(app, '/account')).toEqual({ status: 200, title: 'shell' });
  });

  it('keeps the security headers on a 404 page', async () => {
    const app = await createStaticApp(distDir, { lookup });
    const response = await app.request('/no/such/page');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-abc='");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
