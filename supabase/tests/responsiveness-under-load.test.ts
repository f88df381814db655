import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSupabaseClient, startBackend, type Backend } from '../../server/index.ts';
import { seedCatalog } from '../seed/seed-catalog.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';

/**
 * What a shopper feels while someone else floods the backend with expensive reads: the anonymous
 * nested embed below builds megabytes of JSON in the database for each request. The database runs
 * off the request thread and database work is admitted fairly per client, so requests that need
 * no SQL answer at once and a signed-in shopper's small read is not queued behind the flood.
 *
 * No wall-clock bound is asserted on its own: every check compares against the flood itself
 * (how many of its reads were still unanswered), which scales with the machine's speed.
 */
const HEAVY_PATH = '/rest/v1/items?select=id,categories(id,items(id,categories(id,items(id,categories(id)))))';
const HEAVY_READS = 8;

let backend: Backend;
let dataDir: string;
let distDir: string;
let shopperToken: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-load-'));
  distDir = await mkdtemp(path.join(tmpdir(), 'lumen-load-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Lumen</title>');
  await writeFile(path.join(distDir, 'build-manifest.json'), JSON.stringify({ scriptHashes: [], connectSources: [], inlineScriptBytes: [] }));
  await writeFile(path.join(distDir, 'assets', 'app-0123abcd.js'), 'console.log("lumen");\n'.repeat(200));
  // A data directory, as `npm start` runs: the database in its worker thread.
  backend = await startBackend({ projectDir: LUMEN_PROJECT_DIR, data: { dir: dataDir }, port: 0, distDir, workers: [] });
  const service = createNodeSupabaseClient(backend.url, backend.ctx.keys.serviceRoleKey);
  await seedCatalog(service, { items: 120, images: false });
  const email = `load-${Date.now()}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: 'a long enough password', email_confirm: true });
  if (created.error) throw created.error;
  const shopper = createNodeSupabaseClient(backend.url, backend.ctx.keys.anonKey);
  const signedIn = await shopper.auth.signInWithPassword({ email, password: 'a long enough password' });
  if (signedIn.error) throw signedIn.error;
  shopperToken = signedIn.data.session.access_token;
}, 300_000);

afterAll(async () => {
  await backend?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(distDir, { recursive: true, force: true });
});

interface Timed {
  status: number;
  doneAt: number;
}

async function timed(pathname: string, headers: Record<string, string>): Promise<Timed> {
  const response = await fetch(`${backend.url}${pathname}`, { headers });
  await response.arrayBuffer();
  return { status: response.status, doneAt: performance.now() };
}

describe('while one client floods the database with heavy reads', () => {
  it('health, a static file and a signed-in shopper\'s cart answer before the flood is through', async () => {
    const anon = { apikey: backend.ctx.keys.anonKey };
    const alone = await timed(HEAVY_PATH, anon);
    // The flood's reads are answered (or refused past the response cap) after real work.
    expect([200, 400]).toContain(alone.status);

    const floodStart = performance.now();
    const flood = Array.from({ length: HEAVY_READS }, () => timed(HEAVY_PATH, anon));
    // Give the flood time to be admitted and reach the database.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const health = await timed('/auth/v1/health', anon);
    const asset = await timed('/assets/app-0123abcd.js', {});
    const cart = await timed('/rest/v1/cart_items?select=*', { apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${shopperToken}` });
    const floodDone = await Promise.all(flood);
    const floodEnd = Math.max(...floodDone.map((read) => read.doneAt));

    expect(health.status).toBe(200);
    expect(asset.status).toBe(200);
    expect(cart.status).toBe(200);
    for (const read of floodDone) expect([200, 400]).toContain(read.status);

    const stillRunning = (at: number) => floodDone.filter((read) => read.doneAt > at).length;
    // Requests that need no SQL do not wait for any of it.
    expect(stillRunning(asset.doneAt)).toBeGreaterThanOrEqual(HEAVY_READS / 2);
    expect(health.doneAt - floodStart).toBeLessThan((floodEnd - floodStart) / 2);
    // The shopper's read waits for at most the reads already admitted, not for the whole flood.
    expect(stillRunning(cart.doneAt)).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
