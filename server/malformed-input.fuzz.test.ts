import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ORDER_WEBHOOK_SECRET } from './functions/local-function-secrets.ts';
import { createListeningBackend } from './testing/listening-backend.ts';
import { malformedRequest, nestingAttack, type FuzzTargets, type MalformedRequest } from './testing/malformed-requests.ts';
import type { TestBackend } from './testing/test-backend.ts';

/**
 * Malformed input must be answered 4xx in each service's own error shape, never 5xx, and must
 * leave the database answering as before. Thousands of generated bad requests
 * (server/testing/malformed-requests.ts) go over a real socket (so the gateway sees Content-Length
 * as from any client, and methods fetch refuses can be sent) to REST, storage, auth, functions and
 * realtime of Lumen's real project. Each property's seed is printed; FUZZ_SEED=<n> replays a run
 * (fast-check prints the shrunk request that failed).
 */

const LUMEN_PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase');
const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? null : Number(process.env.FUZZ_SEED);
const SEED = FUZZ_SEED ?? 20_260_116;
const NUM_RUNS = 4_000;
const NESTING_SEED = FUZZ_SEED ?? 20_261_125;
const NESTING_RUNS = 1_500;
/** What a Postgres whose protocol state or stack broke answers; never a proper refusal. */
const BROKEN_ENGINE = /prepared statement|XX000|26000|stack depth|Maximum call stack/;

let backend: TestBackend;
let targets: FuzzTargets;
/** A category the database must keep answering with, whatever it was sent. */
let sentinelCategory: number;

beforeAll(async () => {
  backend = await createListeningBackend({ projectDir: LUMEN_PROJECT_DIR });
  const { data, error } = await backend.anonClient().auth.signUp({ email: 'fuzz-target@example.test', password: 'long-enough-password-1' });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  targets = { userId: data.user.id, userToken: data.session.access_token };
  // An object to sign, download and overwrite (item-images is public, images only).
  const upload = await backend.serviceClient().storage.from('item-images').upload('x/y.png', new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  const category = await backend.serviceClient().from('categories').insert({ slug: 'fuzz-sentinel', name: 'Fuzz sentinel' }).select('id').single<{ id: number }>();
  if (category.error) throw category.error;
  sentinelCategory = category.data.id;
});

afterAll(() => backend.close());

/** Node's own bound on a request's header block (--max-http-header-size). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * One request over a real socket to the listening backend; its status and body text. Node refuses
 * a header block over 16 KiB itself (431) and closes the socket while the client is still
 * writing, which the client sees as a reset: that is counted as the 431 it is.
 */
function send(request: MalformedRequest): Promise<{ status: number; text: string }> {
  const url = new URL(`${backend.ctx.publicUrl}${request.target}`);
  const headerBytes = request.target.length + Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  return new Promise((resolve, reject) => {
    // A connection of its own for each request: a socket the server closed after refusing a body
    // early must not be reused for the next request and reported as its failure.
    const req = httpRequest({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: request.method, headers: request.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (headerBytes > MAX_HEADER_BYTES && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) resolve({ status: 431, text: '' });
      else reject(new Error(`${request.method} ${request.target.slice(0, 100)} (${headerBytes} header bytes: ${Object.entries(request.headers).map(([k, v]) => `${k}=${v.length}`).join(' ')}): ${error.message}`));
    });
    req.end(request.body === undefined ? undefined : Buffer.from(request.body));
  });
}

/** The database answers a plain read, and answers it right. */
async function stillAnswers(): Promise<void> {
  const response = await backend.fetch(`${backend.ctx.publicUrl}/rest/v1/categories?select=id&order=id&limit=1`, { headers: { apikey: backend.ctx.keys.anonKey } });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual([{ id: sentinelCategory }]);
}

describe('malformed input across the services', () => {
  it(`answers ${NUM_RUNS} malformed requests without a 5xx`, { timeout: 180_000 }, async () => {
    const byClass = new Map<number, number>();
    const byService = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(malformedRequest(backend.ctx.keys, targets), async (request) => {
        const { status, text } = await send(request);
        const statusClass = Math.floor(status / 100);
        byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);
        const service = request.target.split('/')[1] ?? '';
        byService.set(service, (byService.get(service) ?? 0) + 1);
        expect(status, `${request.method} ${request.target} → ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(text).not.toMatch(BROKEN_ENGINE);
      }),
      { seed: SEED, numRuns: NUM_RUNS },
    );
    const count = (statusClass: number) => byClass.get(statusClass) ?? 0;
    console.log(
      `fuzz: ${NUM_RUNS} malformed requests (seed ${SEED}; ${[...byService].map(([name, n]) => `${name} ${n}`).join(', ')}) → ` +
        `2xx ${count(2)}, 3xx ${count(3)}, 4xx ${count(4)}, 5xx ${count(5)}`,
    );
    // The generator must reach past routing into every service, and now and then all the way through.
    for (const service of ['rest', 'storage', 'auth', 'functions']) expect(byService.get(service), service).toBeGreaterThan(NUM_RUNS / 10);
    expect(byClass.get(2)).toBeGreaterThan(NUM_RUNS / 100);
    expect(byClass.get(4)).toBeGreaterThan(NUM_RUNS / 2);
  });

  it(`refuses ${NESTING_RUNS} deeply nested requests with a 4xx, and the database answers right after each`, { timeout: 300_000 }, async () => {
    const byStatus = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(nestingAttack(backend.ctx.keys), async (request) => {
        const { status, text } = await send(request);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        const what = `${request.method} ${request.target.slice(0, 120)} (${request.body?.length ?? 0} bytes) → ${status} ${text.slice(0, 200)}`;
        expect(status, what).toBeGreaterThanOrEqual(400);
        expect(status, what).toBeLessThan(500);
        expect(text, what).not.toMatch(BROKEN_ENGINE);
        await stillAnswers();
      }),
      { seed: NESTING_SEED, numRuns: NESTING_RUNS },
    );
    console.log(`fuzz: ${NESTING_RUNS} deeply nested requests (seed ${NESTING_SEED}) → ${[...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status} ×${n}`).join(', ')}`);
  });

  it('leaves memory where it was after 100 deep bodies in a row', { timeout: 120_000 }, async () => {
    const body = `{"item_id":1,"quantity":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const request: MalformedRequest = { method: 'POST', target: '/rest/v1/cart_items', headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' }, body };
    // Warm up, then measure: the first requests load code and fill caches.
    for (let i = 0; i < 5; i++) await send(request);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 100; i++) {
      const { status, text } = await send(request);
      expect(status).toBe(400);
      expect(text).not.toMatch(BROKEN_ENGINE);
    }
    const grownBy = process.memoryUsage().rss - before;
    console.log(`fuzz: 100 deep bodies grew the process by ${(grownBy / 1024 / 1024).toFixed(1)} MB`);
    expect(grownBy).toBeLessThan(50 * 1024 * 1024);
    await stillAnswers();
  });

  it('still serves ordinary requests afterwards, in every service', async () => {
    const { anonKey, serviceRoleKey } = backend.ctx.keys;
    const url = (p: string) => `${backend.ctx.publicUrl}${p}`;
    const service = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };

    const categories = await backend.fetch(url('/rest/v1/categories?select=id&limit=1'), { headers: { apikey: anonKey } });
    expect(categories.status).toBe(200);
    const buckets = await backend.fetch(url('/storage/v1/bucket'), { headers: service });
    expect(buckets.status).toBe(200);
    const { data, error } = await backend.anonClient().auth.signUp({ email: 'after-fuzz@example.test', password: 'long-enough-password-1' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const webhook = await backend.fetch(url('/functions/v1/order-confirmation'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': LOCAL_ORDER_WEBHOOK_SECRET },
      body: JSON.stringify({ type: 'INSERT', table: 'orders', schema: 'public', record: { id: 999_999 } }),
    });
    // Through the function, back into REST over HTTP, and a clean "not found".
    expect(webhook.status).toBe(404);
  });
});
