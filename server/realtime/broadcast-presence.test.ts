import type { PGlite } from '@electric-sql/pglite';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { devKeys } from '../gateway/keys.ts';
import { createFixtureDb } from './testing/fixture-db.ts';
import { RawSocket } from './testing/raw-socket.ts';
import { realtimeClient, userClient, startRealtimeServer, subscribed, userToken, waitFor, type RealtimeTestServer } from './testing/realtime-test-server.ts';

let db: PGlite;
let server: RealtimeTestServer;
const clients: SupabaseClient[] = [];

function client(options: Parameters<typeof realtimeClient>[1] = {}): SupabaseClient {
  const created = realtimeClient(server.url, options);
  clients.push(created);
  return created;
}

beforeAll(async () => {
  db = await createFixtureDb();
  server = await startRealtimeServer(db);
});

afterEach(async () => {
  // disconnect() rather than removeAllChannels(): leaving an errored channel waits for a timeout.
  for (const c of clients.splice(0)) c.realtime.disconnect();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe('broadcast', () => {
  it('delivers between two clients, to self only with self:true, and acks with ack:true', async () => {
    const a = client();
    const b = client();
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const chA = a.channel('room-1', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'cursor' }, (m) => gotA.push(m));
    const chB = b.channel('room-1').on('broadcast', { event: '*' }, (m) => gotB.push(m));
    await subscribed(chA);
    await subscribed(chB);
    expect(await chA.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    expect(await chB.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })).toBe('ok');
    await waitFor(() => gotA.length === 2 && gotB.length === 1, 'broadcasts');
    expect(gotA).toEqual([
      { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
      { type: 'broadcast', event: 'cursor', payload: { x: 2 } },
    ]);
    expect(gotB).toEqual([{ type: 'broadcast', event: 'cursor', payload: { x: 1 } }]);
  });

  it('accepts POST /api/broadcast and the per-event endpoint with 202', async () => {
    const listener = client();
    const got: unknown[] = [];
    const channel = listener.channel('news').on('broadcast', { event: '*' }, (m) => got.push(m));
    await subscribed(channel);
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/realtime/v1${path}`, {
        method: 'POST',
        headers: { apikey: devKeys.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/broadcast', { messages: [{ topic: 'news', event: 'flash', payload: { n: 1 } }] })).status).toBe(202);
    expect((await post('/api/broadcast/news/events/flash', { n: 2 })).status).toBe(202);
    const sender = client();
    expect(await sender.channel('news').httpSend('flash', { n: 3 })).toEqual({ success: true });
    await waitFor(() => got.length === 3, 'REST broadcasts');
    expect(got.map((m) => (m as { payload: unknown }).payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect((await post('/api/broadcast', { nope: true })).status).toBe(400);
    const noKey = await fetch(`${server.url}/realtime/v1/api/broadcast`, { method: 'POST', body: '{"messages":[]}' });
    expect(noKey.status).toBe(401);
  });

  it('works for a vsn 1.0.0 client talking to a 2.0.0 client', async () => {
    const v1 = client({ vsn: '1.0.0' });
    const v2 = client();
    const got1: unknown[] = [];
    const got2: unknown[] = [];
    const ch1 = v1.channel('mixed').on('broadcast', { event: 'm' }, (m) => got1.push(m.payload));
    const ch2 = v2.channel('mixed').on('broadcast', { event: 'm' }, (m) => got2.push(m.payload));
    await subscribed(ch1);
    await subscribed(ch2);
    await ch1.send({ type: 'broadcast', event: 'm', payload: { from: 1 } });
    await ch2.send({ type: 'broadcast', event: 'm', payload: { from: 2 } });
    await waitFor(() => got1.length === 1 && got2.length === 1, 'cross-version broadcasts');
    expect(got1).toEqual([{ from: 2 }]);
    expect(got2).toEqual([{ from: 1 }]);
  });
});

describe('presence', () => {
  it('syncs state, joins and leaves between two clients', async () => {
    const a = client();
    const b = client();
    const chA = a.channel('lobby', { config: { presence: { key: 'alice' } } });
    const joins: string[] = [];
    const leaves: string[] = [];
    chA.on('presence', { event: 'join' }, ({ key }) => joins.push(key));
    chA.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    chA.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(chA);
    expect(await chA.track({ mood: 'happy' })).toBe('ok');
    const chB = b.channel('lobby', { config: { presence: { key: 'bob' } } }).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(chB);
    await waitFor(() => Object.keys(chB.presenceState()).includes('alice'), 'bob sees alice in presence_state');
    expect(chB.presenceState().alice?.[0]).toMatchObject({ mood: 'happy', presence_ref: expect.any(String) });
    await chB.track({ mood: 'calm' });
    await waitFor(() => joins.includes('bob'), 'alice sees bob join');
    expect(chA.presenceState().bob?.[0]).toMatchObject({ mood: 'calm' });
    await chB.untrack();
    await waitFor(() => leaves.includes('bob') && !chA.presenceState().bob, 'alice sees bob untrack');
    await chB.track({ mood: 'back' });
    await waitFor(() => chA.presenceState().bob, 'bob back');
    // Disconnecting removes bob's presence without an untrack.
    b.realtime.disconnect();
    await waitFor(() => !chA.presenceState().bob, 'bob leaves on disconnect');
  });
});

describe('presence updates', () => {
  it('re-tracking sends one diff: the new meta (with phx_ref_prev) joins, the old one leaves', async () => {
    // Asserted on the wire: realtime-js 2.109 mutates shared metas in its join callback, so a
    // re-track leaves a stale entry in the client state — identically against hosted Realtime.
    const watcher = await RawSocket.open(`ws://127.0.0.1:${server.port}/realtime/v1/websocket?vsn=2.0.0&apikey=${devKeys.anonKey}`);
    watcher.send(JSON.stringify(['1', '1', 'realtime:upd', 'phx_join', { config: { presence: { key: 'w', enabled: true } } }]));
    await watcher.next((f) => Array.isArray(f) && f[3] === 'presence_state');
    const tracker = client();
    const ch = tracker.channel('upd', { config: { presence: { key: 'bob' } } }).on('presence', { event: 'sync' }, () => undefined);
    await subscribed(ch);
    await ch.track({ mood: 'calm' });
    const first = (await watcher.next((f) => Array.isArray(f) && f[3] === 'presence_diff')) as unknown[];
    await ch.track({ mood: 'busy' });
    const second = (await watcher.next((f) => Array.isArray(f) && f[3] === 'presence_diff')) as unknown[];
    const calm = (first[4] as { joins: { bob: { metas: Array<{ phx_ref: string }> } } }).joins.bob.metas[0];
    expect(second[4]).toEqual({
      joins: { bob: { metas: [{ mood: 'busy', phx_ref: expect.any(String), phx_ref_prev: calm.phx_ref }] } },
      leaves: { bob: { metas: [calm] } },
    });
    watcher.ws.close();
  });
});

describe('private channels', () => {
  const alice = '11111111-1111-4111-8111-111111111111';
  const bob = '22222222-2222-4222-8222-222222222222';

  it('lets the member in, keeps others out, and only members send', async () => {
    const aliceToken = await userToken(alice);
    const bobToken = await userToken(bob);
    const a = await userClient(server.url, () => aliceToken);
    const b = await userClient(server.url, () => bobToken);
    clients.push(a, b);
    const anon = client();
    const got: unknown[] = [];
    const mine = a.channel(`room-${alice}`, { config: { private: true, broadcast: { self: true, ack: true } } }).on('broadcast', { event: '*' }, (m) => got.push(m.payload));
    await subscribed(mine);
    expect(await mine.send({ type: 'broadcast', event: 'e', payload: { ok: 1 } })).toBe('ok');
    await waitFor(() => got.length === 1, 'private self broadcast');
    await expect(subscribed(b.channel(`room-${alice}`, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    await expect(subscribed(anon.channel(`room-${alice}`, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    // The public channel of the same name is a different topic.
    const publicGot: unknown[] = [];
    // (a fresh client: realtime-js hands back the existing channel for a topic it already has)
    const pub = client().channel(`room-${alice}`).on('broadcast', { event: '*' }, (m) => publicGot.push(m));
    await subscribed(pub);
    await pub.send({ type: 'broadcast', event: 'e', payload: { leak: true } });
    expect(await mine.send({ type: 'broadcast', event: 'e', payload: { ok: 2 } })).toBe('ok');
    await waitFor(() => got.length === 2, 'second private broadcast');
    // REST broadcast to the private topic: delivered for the member's token, accepted but
    // dropped for anon (as hosted answers 202 and filters by policy).
    const rest = (token: string, n: number) =>
      fetch(`${server.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: devKeys.publishableKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: `room-${alice}`, event: 'e', payload: { ok: n }, private: true }] }),
      });
    expect((await rest(devKeys.anonKey, 99)).status).toBe(202);
    expect((await rest(aliceToken, 3)).status).toBe(202);
    await waitFor(() => got.length === 3, 'REST private broadcast');
    expect(got).toEqual([{ ok: 1 }, { ok: 2 }, { ok: 3 }]);
    expect(publicGot).toEqual([]);
  });

  it('answers every one of many private joins sent at once, over both protocol versions', async () => {
    const token = await userToken(alice);
    const members = await Promise.all(
      Array.from({ length: 12 }, (_, index) => userClient(server.url, () => token, { vsn: index % 2 === 0 ? '2.0.0' : '1.0.0' })),
    );
    clients.push(...members);
    const outcomes = await Promise.all(
      members.map((member) => subscribed(member.channel(`room-${alice}`, { config: { private: true } })).then(() => 'SUBSCRIBED', (error: Error) => error.message)),
    );
    expect(outcomes).toEqual(members.map(() => 'SUBSCRIBED'));
  });
});
