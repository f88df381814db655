import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/database.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { freePort } from '../testing/child-server.ts';
import { sendThroughGateway } from './gateway-alias.ts';
import { NetWorker, PG_NET_VERSION } from './net-worker.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let db: Database;
let server: Server;
let origin: string;
const received: Received[] = [];
/** How the test server answers a path: status, body and an optional delay. */
const answers = new Map<string, { status: number; body: string; delayMs?: number }>();
let worker: NetWorker | null = null;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = answers.get(new URL(req.url ?? '/', 'http://x').pathname) ?? { status: 200, body: '{"ok":true}' };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'Content-Type': 'application/json', 'X-Test': 'yes' }).end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await worker?.stop();
  worker = null;
  received.length = 0;
  answers.clear();
  await db.exec('delete from net.http_request_queue; delete from net._http_response;');
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
});

async function startWorker(options: Partial<ConstructorParameters<typeof NetWorker>[0]> = {}): Promise<NetWorker> {
  worker = new NetWorker({ db, ...options });
  await worker.start();
  return worker;
}

async function responseOf(id: number) {
  const { rows } = await db.query<{ status_code: number | null; content: string | null; content_type: string | null; headers: Record<string, string> | null; timed_out: boolean; error_msg: string | null }>(
    'select status_code, content, content_type, headers, timed_out, error_msg from net._http_response where id = $1',
    [id],
  );
  return rows[0];
}

async function queued(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from net.http_request_queue');
  return rows[0]?.n ?? -1;
}

describe('pg_net worker', () => {
  it('sends a committed net.http_post once, with pg_net’s headers and body, and records the response', async () => {
    const net = await startWorker();
    const { rows } = await db.query<{ id: number }>(`select net.http_post($1, '{"order": 7}'::jsonb, '{"tag": "a b"}'::jsonb) as id`, [`${origin}/hook`]);
    const id = Number(rows[0]?.id);
    await net.idle();

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/hook?tag=a%20b', body: '{"order": 7}' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers['user-agent']).toBe(`pg_net/${PG_NET_VERSION}`);
    expect(await responseOf(id)).toMatchObject({ status_code: 200, content: '{"ok":true}', content_type: 'application/json', timed_out: false, error_msg: null });
    expect((await responseOf(id))?.headers).toMatchObject({ 'x-test': 'yes' });
    expect(await queued()).toBe(0);
  });

  it('never sends a request whose transaction rolled back', async () => {
    const net = await startWorker();
    await db
      .transaction(async (tx) => {
        await tx.query(`select net.http_get($1)`, [`${origin}/rolled-back`]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.query(`select net.http_get($1)`, [`${origin}/committed`]);
    await net.idle();
    expect(received.map((request) => request.url)).toEqual(['/committed']);
  });

  it('sends what an earlier process left in the queue as soon as it starts', async () => {
    await db.query(`select net.http_post($1, '{"n": 1}'::jsonb), net.http_post($1, '{"n": 2}'::jsonb)`, [`${origin}/left-over`]);
    expect(await queued()).toBe(2);
    const net = await startWorker();
    await net.idle();
    expect(received.map((request) => request.body).sort()).toEqual(['{"n": 1}', '{"n": 2}']);
    expect(await queued()).toBe(0);
  });

  it('records a timeout and a refused connection the way pg_net reports them', async () => {
    const net = await startWorker();
    answers.set('/slow', { status: 200, body: 'late', delayMs: 2_000 });
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { rows } = await db.query<{ slow: number; refused: number; bad: number }>(
      `select net.http_get($1, timeout_milliseconds => 200) as slow, net.http_get($2) as refused, net.http_get('ftp://example.test/file') as bad`,
      [`${origin}/slow`, closed],
    );
    await net.idle();
    const slow = await responseOf(Number(rows[0]?.slow));
    expect(slow).toMatchObject({ status_code: null, timed_out: true });
    expect(slow?.error_msg).toMatch(/^Timeout of 200 ms reached\. Total time: [0-9.]+ ms$/);
    expect(await responseOf(Number(rows[0]?.refused))).toMatchObject({ status_code: null, timed_out: false, error_msg: "Couldn't connect to server" });
    expect(await responseOf(Number(rows[0]?.bad))).toMatchObject({ error_msg: 'Unsupported protocol' });
  });

  it('sends at most batch_size requests at once and still sends them all', async () => {
    answers.set('/batched', { status: 204, body: '', delayMs: 50 });
    let concurrent = 0;
    let most = 0;
    const net = await startWorker({
      batchSize: 3,
      send: async (request) => {
        concurrent++;
        most = Math.max(most, concurrent);
        try {
          return await fetch(request);
        } finally {
          concurrent--;
        }
      },
    });
    await db.query(`select net.http_get($1) from generate_series(1, 10)`, [`${origin}/batched`]);
    await net.idle();
    expect(received).toHaveLength(10);
    expect(most).toBe(3);
    const { rows } = await db.query<{ n: number; empty: number }>(
      `select count(*)::int as n, count(*) filter (where content is null and status_code = 204)::int as empty from net._http_response`,
    );
    expect(rows[0]).toEqual({ n: 10, empty: 10 });
  });

  it('serves http://kong:8000 — the stack’s own gateway — in-process, on any port', async () => {
    const seen: string[] = [];
    const gateway = (request: Request) => {
      seen.push(`${request.method} ${request.url}`);
      return new Response('from the app', { status: 201 });
    };
    const net = await startWorker({ send: sendThroughGateway(gateway, 'http://localhost:61234') });
    const { rows } = await db.query<{ id: number }>(`select net.http_post('http://kong:8000/functions/v1/hello?x=1') as id`);
    await net.idle();
    expect(seen).toEqual(['POST http://localhost:61234/functions/v1/hello?x=1']);
    expect(await responseOf(Number(rows[0]?.id))).toMatchObject({ status_code: 201, content: 'from the app' });
  });

  it('delivers a Database Webhook: supabase_functions.http_request queues the row change and logs the hook', async () => {
    const net = await startWorker();
    await db.exec(`
      create table public.webhook_probe (id int primary key, label text);
      create trigger probe_webhook after insert or update or delete on public.webhook_probe
      for each row execute function supabase_functions.http_request('${origin}/webhook', 'POST', '{"Content-Type":"application/json","X-Secret":"s"}', '{}', '3000');
    `);
    try {
      await db.exec(`insert into public.webhook_probe values (1, 'first'); update public.webhook_probe set label = 'second'; delete from public.webhook_probe;`);
      await net.idle();
      expect(received.map((request) => JSON.parse(request.body) as unknown)).toEqual([
        { type: 'INSERT', table: 'webhook_probe', schema: 'public', record: { id: 1, label: 'first' }, old_record: null },
        { type: 'UPDATE', table: 'webhook_probe', schema: 'public', record: { id: 1, label: 'second' }, old_record: { id: 1, label: 'first' } },
        { type: 'DELETE', table: 'webhook_probe', schema: 'public', record: null, old_record: { id: 1, label: 'second' } },
      ]);
      expect(received[0]?.headers['x-secret']).toBe('s');
      const { rows } = await db.query<{ hook_name: string; answered: number }>(
        `select h.hook_name, count(r.id)::int as answered from supabase_functions.hooks h
         join net._http_response r on r.id = h.request_id where h.hook_table_id = 'public.webhook_probe'::regclass group by 1`,
      );
      expect(rows).toEqual([{ hook_name: 'probe_webhook', answered: 3 }]);
    } finally {
      await db.exec('drop table public.webhook_probe');
    }
  });

  it('refuses what the single local connection cannot do: waiting for a response inside SQL', async () => {
    await expect(db.query(`select net._http_collect_response(1, async => false)`)).rejects.toThrow(
      'net._await_response is not supported by the local backend',
    );
    await expect(db.query(`select net.http_post('http://x.test', headers => '{"Content-Type": "text/plain"}')`)).rejects.toThrow(
      'Content-Type header must be "application/json"',
    );
  });
});
