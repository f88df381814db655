import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import type { Database, DatabaseQueryOptions, DatabaseTransaction } from '../db/database.ts';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { FairAdmission } from './admission.ts';
import { signJwt } from './jwt.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

/**
 * The backend's database behind a gate: every statement waits until `open()` is called, so the
 * requests let in hold their slots for as long as the test wants, on however busy a machine.
 */
function gatedDatabase(db: Database): { db: Database; open: () => void } {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const gated: Database = {
    get engine() {
      return db.engine;
    },
    get closed() {
      return db.closed;
    },
    async query<T>(sql: string, params?: unknown[], options?: DatabaseQueryOptions) {
      await gate;
      return db.query<T>(sql, params, options);
    },
    async exec(sql: string) {
      await gate;
      return db.exec(sql);
    },
    async transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>) {
      await gate;
      return db.transaction(fn);
    },
    listen: (channel, callback) => db.listen(channel, callback),
    close: () => db.close(),
  };
  return { db: gated, open };
}

const anonHeaders = () => ({ apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${backend.ctx.keys.anonKey}` });

async function userHeaders(sub: string): Promise<Record<string, string>> {
  const token = await signJwt({ sub, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, backend.ctx.keys.jwtSecret);
  return { apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${token}` };
}

function send(app: Hono, path: string, headers: Record<string, string>, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(`http://localhost${path}`, { ...init, headers: { ...headers, ...init.headers } }));
}

it('refuses at once with 503 and Retry-After, in REST’s and auth’s shapes, when the line is full, and still answers auth’s health', async () => {
  const { db, open } = gatedDatabase(backend.ctx.db);
  const line = new FairAdmission({ concurrency: 2, perClientQueue: 2, totalQueue: 3, retryAfterSeconds: 2 });
  const app = await createApp({ backend: { ...backend.ctx, db }, admission: line, auth: { bcryptCost: 4, perIpLimits: false } });
  const read = '/rest/v1/fixture_words?select=word&order=word';

  // The anonymous caller (all in-process requests share one address): two in, two waiting.
  const anon = Array.from({ length: 4 }, () => send(app, read, anonHeaders()));
  await vi.waitFor(() => expect({ active: line.active, waiting: line.waiting }).toEqual({ active: 2, waiting: 2 }), { timeout: 60_000 });

  // Its fifth request is over its own queue cap: answered now, with nothing of the database.
  const restRefusal = await send(app, read, anonHeaders());
  expect(restRefusal.status).toBe(503);
  expect(restRefusal.headers.get('retry-after')).toBe('2');
  expect(restRefusal.headers.get('proxy-status')).toBe('PostgREST; error=53300');
  expect(await restRefusal.json()).toEqual({
    code: '53300',
    message: 'Too many requests are waiting for the database',
    details: 'This client already has 2 requests waiting for the database, the most one client may queue',
    hint: 'Retry after the Retry-After delay',
  });

  // A signed-in user waits in a lane of their own: the line's last place.
  const user = send(app, '/auth/v1/user', await userHeaders('7d3c5b6a-0000-4000-8000-000000000001'));
  await vi.waitFor(() => expect(line.waiting).toBe(3), { timeout: 60_000 });

  // The next user finds the whole line full: GoTrue's shape.
  const authRefusal = await send(app, '/auth/v1/user', await userHeaders('7d3c5b6a-0000-4000-8000-000000000002'));
  expect(authRefusal.status).toBe(503);
  expect(authRefusal.headers.get('retry-after')).toBe('2');
  expect(authRefusal.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
  expect(authRefusal.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(await authRefusal.json()).toEqual({
    code: 'over_request_rate_limit',
    message: 'Too many requests are waiting for the database: 3 requests are already waiting for the database, the most the server queues',
  });

  // What needs no database is not in the line at all.
  const health = await send(app, '/auth/v1/health', anonHeaders());
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  const settings = await send(app, '/auth/v1/settings', anonHeaders());
  expect(settings.status).toBe(200);

  open();
  for (const response of await Promise.all(anon)) {
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ word: 'catalog' }, { word: 'lantern' }, { word: 'lumen' }, { word: 'lumens' }]);
  }
  // Let in, the user's request reached auth (which finds no such user): not refused by the line.
  expect((await user).status).not.toBe(503);
  expect({ active: line.active, waiting: line.waiting }).toEqual({ active: 0, waiting: 0 });
});

it('answers storage’s refusal in its shape, as storage-api does when its database has no room', async () => {
  const { db, open } = gatedDatabase(backend.ctx.db);
  const line = new FairAdmission({ concurrency: 1, perClientQueue: 1, totalQueue: 8 });
  const app = await createApp({ backend: { ...backend.ctx, db }, admission: line });
  const held = [send(app, '/storage/v1/bucket', anonHeaders()), send(app, '/storage/v1/bucket', anonHeaders())];
  await vi.waitFor(() => expect({ active: line.active, waiting: line.waiting }).toEqual({ active: 1, waiting: 1 }), { timeout: 60_000 });
  const refusal = await send(app, '/storage/v1/bucket', anonHeaders());
  expect(refusal.status).toBe(429);
  expect(refusal.headers.get('retry-after')).toBe('1');
  expect(await refusal.json()).toMatchObject({ statusCode: '429', code: 'SlowDown', error: 'too_many_connections' });
  open();
  for (const response of await Promise.all(held)) expect(response.status).toBe(200);
});

it('holds no slot while a slow sender’s body trickles in, and the service still reads that body', async () => {
  const line = new FairAdmission({ concurrency: 1 });
  const app = await createApp({ backend: backend.ctx, admission: line });
  const service = { apikey: backend.ctx.keys.serviceRoleKey, authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}` };
  let sender: ReadableStreamDefaultController<Uint8Array> | undefined;
  let reading: () => void = () => undefined;
  const read = new Promise<void>((resolve) => (reading = resolve));
  // Nothing is pulled before someone reads the body (high-water mark 0).
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (sender = controller), pull: () => reading() }, { highWaterMark: 0 });
  // CSV: a body the gateway's JSON check leaves alone, so whoever reads it first is the line or the service.
  const slow = app.request(
    new Request('http://localhost/rest/v1/fixture_words?select=word', {
      method: 'POST',
      headers: { ...service, 'content-type': 'text/csv', prefer: 'return=representation' },
      body,
      duplex: 'half',
    } as RequestInit),
  );
  await read;
  // Being read, the request holds no slot: another is served meanwhile.
  expect(line.active).toBe(0);
  const other = await send(app, '/rest/v1/fixture_words?select=word&word=eq.lumen', anonHeaders());
  expect(await other.json()).toEqual([{ word: 'lumen' }]);

  sender?.enqueue(new TextEncoder().encode('word\nslow-sender'));
  sender?.close();
  const written = await slow;
  expect(written.status).toBe(201);
  expect(await written.json()).toEqual([{ word: 'slow-sender' }]);
  expect(line.active).toBe(0);
});
