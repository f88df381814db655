import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open-database.ts';
import { createNodeSupabaseClient } from './lib/node-supabase-client.ts';
import { subscribed, realtimeClient } from './realtime/testing/realtime-test-server.ts';
import { PortUnavailableError, startBackend, type Backend, type BackendOptions } from './start-backend.ts';
import { storageRoot } from './storage/storage-root.ts';
import { freePort } from './testing/child-server.ts';
import { FIXTURE_PROJECT_DIR } from './testing/test-backend.ts';

// The one lifecycle every caller uses: the port before the data, a public URL that names the real
// port from the start, workers and realtime on, and a close that lets everything in flight finish
// before the database goes.

const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-start-backend-'));
  temps.push(dir);
  return dir;
}

const quick = { projectDir: FIXTURE_PROJECT_DIR, auth: { bcryptCost: 4, perIpLimits: false } } satisfies Partial<BackendOptions>;

function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A body whose second part is sent only when `finish` is called: the request stays in flight until then. */
function twoPartBody(first: string, second: string): { body: ReadableStream<Uint8Array>; finish: () => void } {
  let finish: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      finish = () => {
        controller.enqueue(new TextEncoder().encode(second));
        controller.close();
      };
    },
  });
  return { body, finish: () => finish() };
}

/** Resolves once nothing accepts connections at `url` any more (polled: a bounded number of tries). */
async function portRefuses(url: string): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const refused = await fetch(`${url}/rest/v1/`).then(
      () => false,
      () => true,
    );
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} still accepts connections`);
}

describe('a listening backend', () => {
  it('names its real port in the public URL from the start (the context functions and tokens read), with realtime and the workers running', async () => {
    const backend = await startBackend({ ...quick, data: { memory: true }, port: 0 });
    try {
      expect(backend.url).toBe(`http://127.0.0.1:${backend.port}`);
      expect(backend.ctx.publicUrl).toBe(backend.url);
      const client = createNodeSupabaseClient(backend.url, backend.ctx.keys.anonKey);
      const { data, error } = await client.auth.signUp({ email: 'port@example.test', password: 'long-enough-1' });
      expect(error).toBeNull();
      expect(jwtPayload(data.session?.access_token ?? '').iss).toBe(`${backend.url}/auth/v1`);

      const live = realtimeClient(backend.url);
      try {
        await subscribed(live.channel('room'));
      } finally {
        live.realtime.disconnect();
      }
      expect(backend.workers?.net).not.toBeNull();
      expect(backend.workers?.cron).not.toBeNull();
    } finally {
      await backend.close();
    }
  });

  it('refuses a busy port before the data directory is created', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    const dir = path.join(await tempDir(), 'data');
    try {
      const start = startBackend({ ...quick, data: { dir }, port });
      await expect(start).rejects.toBeInstanceOf(PortUnavailableError);
      await expect(start).rejects.toThrow(`Port ${port} is already in use`);
      expect(existsSync(dir)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });

  it('closes what it opened when the project’s prepare step fails: the port and the data directory are free again', async () => {
    const dir = await tempDir();
    const port = await freePort();
    const failing = startBackend({
      ...quick,
      data: { dir },
      port,
      prepare: async ({ serviceClient }) => {
        const { error } = await serviceClient().from('fixture_notes').select('id').limit(1);
        if (error) throw new Error(error.message);
        throw new Error('the seed went wrong');
      },
    });
    await expect(failing).rejects.toThrow('the seed went wrong');
    const again = await startBackend({ ...quick, data: { dir }, port });
    expect(again.port).toBe(port);
    expect(again.startup.fresh).toBe(false);
    await again.close();
  });
});

describe('closing', () => {
  it('answers a request still arriving, records a webhook still in flight and writes a mail left for after the response, then closes the database', async () => {
    const dir = await tempDir();
    // pg_net's target answers only when told to, so the request is in flight while the backend closes.
    let reached: () => void = () => undefined;
    const requestReached = new Promise<void>((resolve) => (reached = resolve));
    let answer: (res: ServerResponse) => void = () => undefined;
    const held = new Promise<ServerResponse>((resolve) => (answer = resolve));
    const target = createServer((_req: IncomingMessage, res: ServerResponse) => {
      reached();
      answer(res);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;

    let backend: Backend | null = await startBackend({ ...quick, data: { dir }, port: 0 });
    try {
      const { ctx } = backend;
      const service = backend.serviceClient();
      const created = await service.auth.admin.createUser({ email: 'closing@example.test', password: 'long-enough-1', email_confirm: true });
      expect(created.error).toBeNull();

      await ctx.db.query(`select net.http_get($1, timeout_milliseconds => 60000)`, [targetUrl]);
      await requestReached;

      const key = ctx.keys.serviceRoleKey;
      const part = twoPartBody('{"word": "sent wh', 'ile closing"}');
      // Node's fetch wants `duplex` for a streamed body; the DOM typing has no such key.
      const init = { method: 'POST', headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' }, body: part.body, duplex: 'half' };
      const insert = backend.fetch(`${backend.url}/rest/v1/fixture_words`, init as RequestInit);

      const recover = await backend.fetch(`${backend.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: ctx.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'closing@example.test' }),
      });
      expect(recover.status).toBe(200);

      const closing = backend.close();
      expect(backend.close()).toBe(closing);
      // The workers stop first, and the port serves until their requests are answered (a webhook's
      // function may call back into the APIs).
      const during = await fetch(`${backend.url}/rest/v1/fixture_words?select=word&word=eq.lumen`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
      expect(await during.json()).toEqual([{ word: 'lumen' }]);
      (await held).writeHead(200, { 'content-type': 'text/plain' }).end('hook answered');
      // Then the port stops taking connections; the insert, still arriving, is answered before the
      // database closes.
      await portRefuses(backend.url);
      part.finish();
      await closing;
      backend = null;
      expect((await insert).status).toBe(201);
    } finally {
      await backend?.close();
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }

    const db = await openDatabase({ dataDir: dir });
    try {
      const words = await db.query<{ word: string }>(`select word from public.fixture_words where word = 'sent while closing'`);
      expect(words.rows).toEqual([{ word: 'sent while closing' }]);
      const responses = await db.query<{ status_code: number; content: string }>('select status_code, content from net._http_response');
      expect(responses.rows).toEqual([{ status_code: 200, content: 'hook answered' }]);
      const mails = await db.query<{ n: number }>(`select count(*)::int as n from auth.users where email = 'closing@example.test' and recovery_sent_at is not null`);
      expect(mails.rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('answers 503 in-process once closed, and removes the in-memory storage folder when the last in-memory backend closes', async () => {
    const first = await startBackend({ ...quick, data: { memory: true }, workers: [] });
    const second = await startBackend({ ...quick, data: { memory: true }, workers: [] });
    const folder = path.dirname(storageRoot({ dataDir: null }));
    const service = first.serviceClient();
    expect((await service.storage.createBucket('files')).error).toBeNull();
    expect((await service.storage.from('files').upload('a.txt', new Blob(['a']))).error).toBeNull();
    expect(existsSync(folder)).toBe(true);

    await first.close();
    expect((await first.fetch(`${first.url}/rest/v1/`)).status).toBe(503);
    expect(existsSync(folder)).toBe(true);
    expect(second.workers).toBeNull();
    await second.close();
    expect(existsSync(folder)).toBe(false);
  });
});
