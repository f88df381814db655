import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ORDER_WEBHOOK_SECRET } from './functions/local-function-secrets.ts';
import { createListeningBackend } from './testing/listening-backend.ts';
import { malformedRequest, type FuzzTargets, type MalformedRequest } from './testing/malformed-requests.ts';
import type { TestBackend } from './testing/test-backend.ts';

/**
 * Issue 16: malformed input must be answered 4xx in each service's own error shape, never 5xx.
 * Thousands of generated bad requests (server/testing/malformed-requests.ts) go to REST, storage,
 * auth and functions of Lumen's real project, in-process; the backend listens too, because
 * order-confirmation calls back into it over HTTP. A fixed seed makes any failure reproduce:
 * fast-check prints the shrunk request that answered 5xx.
 */

const LUMEN_PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase');
const SEED = 20_260_116;
const NUM_RUNS = 4_000;

let backend: TestBackend;
let targets: FuzzTargets;

beforeAll(async () => {
  backend = await createListeningBackend({ projectDir: LUMEN_PROJECT_DIR });
  const { data, error } = await backend.anonClient().auth.signUp({ email: 'fuzz-target@example.test', password: 'long-enough-password-1' });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  targets = { userId: data.user.id, userToken: data.session.access_token };
  // An object to sign, download and overwrite (item-images is public, images only).
  const upload = await backend.serviceClient().storage.from('item-images').upload('x/y.png', new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' });
  if (upload.error) throw upload.error;
});

afterAll(() => backend.close());

function send(request: MalformedRequest): Promise<Response> {
  return backend.fetch(`${backend.ctx.publicUrl}${request.target}`, { method: request.method, headers: request.headers, body: request.body });
}

describe('malformed input across the services (issue 16)', () => {
  it(`answers ${NUM_RUNS} malformed requests without a 5xx`, { timeout: 180_000 }, async () => {
    const byClass = new Map<number, number>();
    const byService = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(malformedRequest(backend.ctx.keys, targets), async (request) => {
        const response = await send(request);
        const text = await response.text();
        const statusClass = Math.floor(response.status / 100);
        byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);
        const service = request.target.split('/')[1] ?? '';
        byService.set(service, (byService.get(service) ?? 0) + 1);
        expect(response.status, `${request.method} ${request.target} → ${text.slice(0, 300)}`).toBeLessThan(500);
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
