import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../gateway/jwt.ts';
import { devKeys } from '../gateway/keys.ts';
import { createFixtureDb } from './testing/fixture-db.ts';
import { RawSocket, upgradeFailure } from './testing/raw-socket.ts';
import { startRealtimeServer, type RealtimeTestServer } from './testing/realtime-test-server.ts';

let db: PGlite;
let server: RealtimeTestServer;
let wsBase: string;

beforeAll(async () => {
  db = await createFixtureDb();
  server = await startRealtimeServer(db, { idleTimeoutMs: 3000 });
  wsBase = `ws://127.0.0.1:${server.port}/realtime/v1/websocket`;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const payload = (frame: unknown): unknown => (Array.isArray(frame) ? frame[4] : undefined);
const isReply = (ref: string) => (frame: unknown) => Array.isArray(frame) && frame[1] === ref && frame[3] === 'phx_reply';

describe('realtime socket handshake', () => {
  it('rejects missing, expired and role-less keys with the hosted JSON bodies', async () => {
    expect(await upgradeFailure(`${wsBase}?vsn=2.0.0`)).toEqual({ status: 401, body: '{"error":"API key is missing"}' });
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ role: 'anon', exp: now - 10 }, devKeys.jwtSecret);
    expect(await upgradeFailure(`${wsBase}?vsn=2.0.0&apikey=${expired}`)).toEqual({ status: 401, body: '{"error":"Token has expired"}' });
    const roleless = await signJwt({ exp: now + 60 }, devKeys.jwtSecret);
    expect(await upgradeFailure(`${wsBase}?vsn=2.0.0&apikey=${roleless}`)).toEqual({
      status: 401,
      body: '{"error":"Fields `role` and `exp` are required in JWT"}',
    });
    expect((await upgradeFailure(`${wsBase}?vsn=2.0.0&apikey=sb_publishable_wrong`)).status).toBe(401);
    expect((await upgradeFailure(`${wsBase}?vsn=3.0.0&apikey=${devKeys.anonKey}`)).status).toBe(400);
    expect((await upgradeFailure(`ws://127.0.0.1:${server.port}/elsewhere?apikey=${devKeys.anonKey}`)).status).toBe(404);
  });

  it('refuses an upgrade addressed to a name that is not loopback (DNS rebinding), before reading the key', async () => {
    for (const host of ['rebind.evil.example', 'localhost.evil.example:54321']) {
      const refused = await upgradeFailure(`${wsBase}?vsn=2.0.0&apikey=${devKeys.anonKey}`, { Host: host });
      expect(refused.status, host).toBe(403);
      expect(JSON.parse(refused.body), host).toMatchObject({ code: 'host_not_allowed' });
    }
    // 127.0.0.1 (every other test here) is a loopback name and is served.
  });

  it('accepts the publishable key (mapped to anon) and answers heartbeats', async () => {
    const socket = await RawSocket.open(`${wsBase}?vsn=2.0.0&apikey=${devKeys.publishableKey}`);
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await socket.next(isReply('1'))).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    socket.ws.close();
  });
});

describe('malformed and unexpected frames', () => {
  it('answers each cleanly and keeps the socket usable', async () => {
    const socket = await RawSocket.open(`${wsBase}?vsn=2.0.0&apikey=${devKeys.anonKey}`);
    socket.send('this is not json');
    expect(await socket.next((f) => Array.isArray(f) && f[2] === 'phoenix')).toMatchObject([
      null,
      null,
      'phoenix',
      'phx_reply',
      { status: 'error', response: { reason: 'malformed message: frame is not valid JSON' } },
    ]);
    socket.send(JSON.stringify(['1', '2', 'realtime:x', 'phx_join', 'not-an-object']));
    expect(payload(await socket.next(isReply('2')))).toMatchObject({ status: 'error' });
    socket.send(new Uint8Array([3, 200, 0, 0, 0, 0, 1]));
    expect(await socket.next((f) => Array.isArray(f) && f[4] !== undefined && JSON.stringify(f).includes('binary frame'))).toBeTruthy();
    socket.send(JSON.stringify([null, '3', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'e', payload: {} }]));
    expect(await socket.next(isReply('3'))).toMatchObject([null, '3', 'realtime:never-joined', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }]);
    socket.send(JSON.stringify(['4', '4', 'other:topic', 'phx_join', {}]));
    expect(payload(await socket.next(isReply('4')))).toMatchObject({ status: 'error', response: { reason: 'unmatched topic' } });
    socket.send(JSON.stringify(['5', '5', 'realtime:', 'phx_join', {}]));
    expect(payload(await socket.next(isReply('5')))).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/^TopicNameRequired/) } });
    socket.send(JSON.stringify(['6', '6', 'realtime:ok', 'phx_join', { config: {} }]));
    expect(await socket.next(isReply('6'))).toEqual(['6', '6', 'realtime:ok', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }]);
    socket.send(JSON.stringify(['6', '7', 'realtime:ok', 'mystery', {}]));
    expect(payload(await socket.next(isReply('7')))).toMatchObject({ status: 'error', response: { reason: 'unsupported event "mystery"' } });
    socket.send(JSON.stringify(['6', '8', 'realtime:ok', 'access_token', { access_token: 'garbage' }]));
    expect(await socket.next((f) => Array.isArray(f) && f[3] === 'system')).toMatchObject([
      '6',
      null,
      'realtime:ok',
      'system',
      { extension: 'system', status: 'error', channel: 'ok' },
    ]);
    expect(await socket.next((f) => Array.isArray(f) && f[3] === 'phx_close')).toEqual(['6', '6', 'realtime:ok', 'phx_close', {}]);
    socket.send(JSON.stringify([null, '9', 'phoenix', 'heartbeat', {}]));
    expect(await socket.next(isReply('9'))).toMatchObject([null, '9', 'phoenix', 'phx_reply', { status: 'ok' }]);
    expect(socket.closed).toBe(false);
    socket.ws.close();
  });

  it('closes sockets that stop sending heartbeats', async () => {
    const socket = await RawSocket.open(`${wsBase}?vsn=2.0.0&apikey=${devKeys.anonKey}`);
    await new Promise<void>((resolve) => socket.ws.once('close', () => resolve()));
    expect(socket.closed).toBe(true);
  });
});

describe('vsn 1.0.0 object frames', () => {
  it('joins, replies with refs and no join_ref', async () => {
    const socket = await RawSocket.open(`${wsBase}?vsn=1.0.0&apikey=${devKeys.anonKey}`);
    socket.send(JSON.stringify({ topic: 'realtime:v1', event: 'phx_join', payload: { config: { broadcast: { self: true } } }, ref: '1', join_ref: '1' }));
    expect(await socket.next((f) => !Array.isArray(f) && (f as Record<string, unknown>).ref === '1')).toEqual({
      topic: 'realtime:v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '1',
    });
    socket.send(JSON.stringify({ topic: 'realtime:v1', event: 'broadcast', payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } }, ref: '2', join_ref: '1' }));
    expect(await socket.next((f) => !Array.isArray(f) && (f as Record<string, unknown>).event === 'broadcast')).toEqual({
      topic: 'realtime:v1',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } },
      ref: null,
    });
    socket.ws.close();
  });
});
