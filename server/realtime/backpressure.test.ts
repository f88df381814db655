import type { PGlite } from '@electric-sql/pglite';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devKeys } from '../gateway/keys.ts';
import { userToken } from './testing/realtime-test-server.ts';
import { createFixtureDb } from './testing/fixture-db.ts';
import { RawSocket } from './testing/raw-socket.ts';
import { realtimeClient, startRealtimeServer, subscribed, waitFor, type RealtimeTestServer } from './testing/realtime-test-server.ts';

let db: PGlite;
let server: RealtimeTestServer;
let wsBase: string;

beforeAll(async () => {
  db = await createFixtureDb({ publish: false });
  // This file's database publishes every table, which must not capture the change queue itself.
  await db.exec('create publication supabase_realtime for all tables');
  server = await startRealtimeServer(db, { maxBufferedBytes: 256 * 1024, tokenCheckMs: 200 });
  wsBase = `ws://127.0.0.1:${server.port}/realtime/v1/websocket?vsn=2.0.0&apikey=${devKeys.anonKey}`;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

function join(socket: RawSocket, topic: string, payload: Record<string, unknown> = {}): Promise<unknown> {
  socket.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: {}, ...payload }]));
  return socket.next((f) => Array.isArray(f) && f[1] === '1' && f[3] === 'phx_reply');
}

it('drops a consumer that stops reading without slowing the others', async () => {
  const slow = await RawSocket.open(wsBase);
  const fast = await RawSocket.open(wsBase);
  const sender = await RawSocket.open(wsBase);
  await join(slow, 'flood');
  await join(fast, 'flood');
  await join(sender, 'flood');
  // Stop reading: the kernel buffers fill, then the server's send buffer grows past the limit.
  const rawSocket = (slow.ws as unknown as { _socket: Socket })._socket;
  rawSocket.pause();
  const blob = 'x'.repeat(64 * 1024);
  const total = 300;
  for (let i = 0; i < total; i++) {
    sender.send(JSON.stringify(['1', null, 'realtime:flood', 'broadcast', { type: 'broadcast', event: 'blob', payload: { i, blob } }]));
  }
  await waitFor(() => fast.frames.filter((f) => 'binary' in f).length === total, 'fast consumer gets everything', 20_000);
  rawSocket.resume();
  await waitFor(() => slow.closed, 'slow consumer closed', 20_000);
  const slowGot = slow.frames.filter((f) => 'binary' in f).length;
  expect(slowGot).toBeLessThan(total);
  fast.ws.close();
  sender.ws.close();
});

it('closes a channel whose access token expires while joined', async () => {
  const socket = await RawSocket.open(wsBase);
  const token = await userToken('33333333-3333-4333-8333-333333333333', 2);
  expect(await join(socket, 'expiring', { access_token: token })).toMatchObject(['1', '1', 'realtime:expiring', 'phx_reply', { status: 'ok' }]);
  expect(await socket.next((f) => Array.isArray(f) && f[3] === 'system', 10_000)).toMatchObject([
    '1',
    null,
    'realtime:expiring',
    'system',
    { extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired/) },
  ]);
  expect(await socket.next((f) => Array.isArray(f) && f[3] === 'phx_close')).toEqual(['1', '1', 'realtime:expiring', 'phx_close', {}]);
  socket.ws.close();
});

it('refuses a join whose access token is already invalid', async () => {
  const socket = await RawSocket.open(wsBase);
  const reply = await join(socket, 'bad-token', { access_token: 'not.a.jwt' });
  expect(reply).toMatchObject(['1', '1', 'realtime:bad-token', 'phx_reply', { status: 'error', response: { reason: expect.stringMatching(/^MalformedJWT: /) } }]);
  socket.ws.close();
});

it('handles a FOR ALL TABLES publication without capturing its own queue', async () => {
  const client = realtimeClient(server.url);
  const got: unknown[] = [];
  await subscribed(client.channel('all').on('postgres_changes', { event: 'INSERT', schema: 'rt_fixture', table: 'items' }, (c) => got.push(c.new)));
  await db.query(`insert into rt_fixture.items (id, name) values (1, 'everything')`);
  await waitFor(() => got.length === 1, 'change from an all-tables publication');
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_trigger where tgname = 'realtime_local_capture' and tgrelid = 'realtime_local.changes'::regclass`,
  );
  expect(rows[0].n).toBe(0);
  client.realtime.disconnect();
});
