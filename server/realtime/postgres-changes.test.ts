import type { PGlite } from '@electric-sql/pglite';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDb } from './testing/fixture-db.ts';
import {
  realtimeClient,
  startRealtimeServer,
  subscribed,
  userClient,
  userToken,
  waitFor,
  type RealtimeTestServer,
} from './testing/realtime-test-server.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

let db: PGlite;
let server: RealtimeTestServer;
const clients: SupabaseClient[] = [];
const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

function track(created: SupabaseClient): SupabaseClient {
  clients.push(created);
  return created;
}

/** Subscribes to one postgres_changes binding and collects what arrives. */
async function listen(client: SupabaseClient, name: string, binding: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table?: string; filter?: string }) {
  const got: Change[] = [];
  const system: Array<{ status: string; message: string; extension: string }> = [];
  const channel = client
    .channel(name)
    .on('postgres_changes', binding, (change: Change) => got.push(change))
    .on('system', {}, (message: { status: string; message: string; extension: string }) => system.push(message));
  await subscribed(channel);
  await waitFor(() => system.length > 0, `system message on ${name}`);
  return { channel, got, system };
}

beforeAll(async () => {
  db = await createFixtureDb();
  server = await startRealtimeServer(db);
});

afterEach(() => {
  for (const c of clients.splice(0)) c.realtime.disconnect();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with the hosted payload shape', async () => {
    const { got, system } = await listen(track(realtimeClient(server.url)), 'items-all', { event: '*', schema: 'rt_fixture', table: 'items' });
    expect(system[0]).toMatchObject({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' });
    await db.query(`insert into rt_fixture.items (id, name, price) values (1, 'lamp', 10)`);
    await db.query(`update rt_fixture.items set price = 12 where id = 1`);
    await db.query(`delete from rt_fixture.items where id = 1`);
    await waitFor(() => got.length === 3, 'three changes');
    expect(got[0]).toMatchObject({
      schema: 'rt_fixture',
      table: 'items',
      eventType: 'INSERT',
      new: { id: 1, name: 'lamp', price: 10 },
      old: {},
      errors: null,
    });
    expect(got[0].commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(got[1]).toMatchObject({ eventType: 'UPDATE', new: { id: 1, name: 'lamp', price: 12 }, old: { id: 1 } });
    // No RLS on items, replica identity default: old_record is the primary key.
    expect(got[2]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: 1 } });
  });

  it('routes by event type and applies eq / in / gt filters', async () => {
    const c = track(realtimeClient(server.url));
    const inserts = await listen(c, 'f-ins', { event: 'INSERT', schema: 'rt_fixture', table: 'items' });
    const eq = await listen(c, 'f-eq', { event: '*', schema: 'rt_fixture', table: 'items', filter: 'name=eq.chair' });
    const inList = await listen(c, 'f-in', { event: 'INSERT', schema: 'rt_fixture', table: 'items', filter: 'id=in.(11,13)' });
    const gt = await listen(c, 'f-gt', { event: 'UPDATE', schema: 'rt_fixture', table: 'items', filter: 'price=gt.100' });
    await db.exec(`insert into rt_fixture.items (id, name, price) values (11, 'chair', 50), (12, 'desk', 150), (13, 'chair', 200);
                   update rt_fixture.items set price = price + 1;
                   insert into rt_fixture.items (id, name) values (14, 'end');`);
    await waitFor(() => inserts.got.length === 4, 'all inserts');
    await waitFor(() => eq.got.length === 4 && gt.got.length === 2 && inList.got.length === 2, 'filtered changes');
    expect(eq.got.map((g) => [g.eventType, (g.new as Row).id])).toEqual([['INSERT', 11], ['INSERT', 13], ['UPDATE', 11], ['UPDATE', 13]]);
    expect(inList.got.map((g) => (g.new as Row).id)).toEqual([11, 13]);
    expect(gt.got.map((g) => (g.new as Row).id)).toEqual([12, 13]);
    expect(inserts.got.every((g) => g.eventType === 'INSERT')).toBe(true);
    await db.exec(`delete from rt_fixture.items where id between 11 and 14`);
  });

  it('answers unsupported filters and unknown tables with a system error, keeping the channel', async () => {
    const c = track(realtimeClient(server.url));
    const like = await listen(c, 'bad-like', { event: '*', schema: 'rt_fixture', table: 'items', filter: 'name=like.ch%' });
    expect(like.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error', message: expect.stringMatching(/^Error parsing `filter` params: operator "like"/) });
    const missing = await listen(c, 'bad-table', { event: '*', schema: 'rt_fixture', table: 'nope' });
    expect(missing.system[0]).toMatchObject({ status: 'error', message: expect.stringMatching(/^Unable to subscribe to changes/) });
    const column = await listen(c, 'bad-col', { event: '*', schema: 'rt_fixture', table: 'items', filter: 'nope=eq.1' });
    expect(column.system[0]).toMatchObject({ status: 'error' });
    // The channel is still joined: broadcasts keep working.
    expect(like.channel.state).toBe('joined');
  });

  it('keeps rows a user cannot select away from them (RLS), and DELETE carries only the key', async () => {
    let aliceToken = await userToken(alice);
    const bobToken = await userToken(bob);
    const a = await userClient(server.url, () => aliceToken);
    const b = await userClient(server.url, () => bobToken);
    track(a);
    track(b);
    const anon = track(realtimeClient(server.url));
    const seenA = await listen(a, 'notes-a', { event: '*', schema: 'rt_fixture', table: 'notes' });
    const seenB = await listen(b, 'notes-b', { event: '*', schema: 'rt_fixture', table: 'notes' });
    const seenAnon = await listen(anon, 'notes-anon', { event: 'INSERT', schema: 'rt_fixture', table: 'notes' });
    await db.query(`insert into rt_fixture.notes (owner, body, n, tags) values ($1, 'alice 1', 1, '{a,b}'), ($2, 'bob 1', 2, '{}')`, [alice, bob]);
    await db.query(`update rt_fixture.notes set body = body || '!' where owner = $1`, [bob]);
    // Visibility is checked when a change is dispatched (as on hosted), so let it go out before
    // the row disappears.
    await waitFor(() => seenB.got.length === 2, 'bob insert and update');
    await db.query(`delete from rt_fixture.notes where owner = $1`, [bob]);
    await waitFor(() => seenB.got.length === 3 && seenA.got.length >= 2, 'RLS-filtered changes');
    expect(seenA.got.map((g) => g.eventType)).toEqual(['INSERT', 'DELETE']);
    expect(seenA.got[0].new).toMatchObject({ owner: alice, body: 'alice 1', n: 1, tags: ['a', 'b'], done: false });
    // DELETE is not RLS-checked on hosted either, but reveals nothing beyond the primary key.
    expect(Object.keys(seenA.got[1].old)).toEqual(['id']);
    expect(seenB.got.map((g) => g.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(seenB.got[1].new).toMatchObject({ owner: bob, body: 'bob 1!' });
    expect(seenAnon.got).toEqual([]);
    aliceToken = '';
  });

  it('follows access_token changes mid-subscription', async () => {
    let token = await userToken(alice);
    const c = track(await userClient(server.url, () => token));
    const seen = await listen(c, 'notes-switch', { event: 'INSERT', schema: 'rt_fixture', table: 'notes' });
    const ack = c.channel('sync-point', { config: { broadcast: { ack: true } } });
    await subscribed(ack);
    await db.query(`insert into rt_fixture.notes (owner, body) values ($1, 'for alice'), ($2, 'for bob')`, [alice, bob]);
    await waitFor(() => seen.got.length === 1, 'alice row');
    token = await userToken(bob);
    await c.realtime.setAuth();
    // Frames are handled in order: once this ack is back, the new token is in effect.
    expect(await ack.send({ type: 'broadcast', event: 'sync', payload: {} })).toBe('ok');
    await db.query(`insert into rt_fixture.notes (owner, body) values ($1, 'alice again'), ($2, 'bob again')`, [alice, bob]);
    await waitFor(() => seen.got.length === 2, 'bob row after switch');
    expect(seen.got.map((g) => (g.new as Row).body)).toEqual(['for alice', 'bob again']);
    // An expired token closes the channel with a system error.
    seen.system.length = 0;
    token = await userToken(bob, -10);
    await c.realtime.setAuth();
    await waitFor(() => seen.system.find((s) => s.status === 'error'), 'expiry system error');
    expect(seen.system[0]).toMatchObject({ extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired/) });
    await waitFor(() => seen.channel.state === 'closed', 'channel closed');
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const { got } = await listen(track(realtimeClient(server.url)), 'rollback', { event: 'INSERT', schema: 'rt_fixture', table: 'items' });
    await db.transaction(async (tx) => {
      await tx.query(`insert into rt_fixture.items (id, name) values (901, 'ghost')`);
      await tx.rollback();
    });
    await db.query(`insert into rt_fixture.items (id, name) values (902, 'marker')`);
    await waitFor(() => got.length >= 1, 'marker');
    expect(got.map((g) => (g.new as Row).id)).toEqual([902]);
  });

  it('delivers a 1,000-row transaction whole and in order', async () => {
    const { got } = await listen(track(realtimeClient(server.url)), 'burst', { event: 'INSERT', schema: 'rt_fixture', table: 'items' });
    await db.query(`insert into rt_fixture.items (id, name, price) select 10000 + g, 'burst', g from generate_series(1, 1000) g`);
    await waitFor(() => got.length === 1000, '1000 events', 20_000);
    expect(got.map((g) => (g.new as Row).price)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(new Set(got.map((g) => g.commit_timestamp)).size).toBe(1);
  });

  it('picks up tables added to the publication after start', async () => {
    const { got } = await listen(track(realtimeClient(server.url)), 'late', { event: '*', schema: 'rt_fixture', table: 'unpublished' });
    await db.query(`insert into rt_fixture.unpublished values (1)`);
    await db.exec(`alter publication supabase_realtime add table rt_fixture.unpublished`);
    await db.query(`insert into rt_fixture.unpublished values (2)`);
    await db.exec(`alter publication supabase_realtime drop table rt_fixture.unpublished`);
    await db.query(`insert into rt_fixture.unpublished values (3)`);
    await db.exec(`create table rt_fixture.created_later (id int primary key, v text);
                   grant select on rt_fixture.created_later to anon;
                   alter publication supabase_realtime add table rt_fixture.created_later;`);
    const later = await listen(track(realtimeClient(server.url)), 'later', { event: 'INSERT', schema: 'rt_fixture', table: 'created_later' });
    await db.query(`insert into rt_fixture.created_later values (1, 'x')`);
    await db.query(`insert into rt_fixture.unpublished values (4)`);
    await waitFor(() => later.got.length === 1, 'new table change');
    expect(got.map((g) => (g.new as Row).id)).toEqual([2]);
  });

  it('serves a vsn 1.0.0 client', async () => {
    const { got } = await listen(track(realtimeClient(server.url, { vsn: '1.0.0' })), 'v1-items', { event: 'INSERT', schema: 'rt_fixture', table: 'items' });
    await db.query(`insert into rt_fixture.items (id, name) values (3001, 'v1')`);
    await waitFor(() => got.length === 1, 'v1 change');
    expect(got[0].new).toMatchObject({ id: 3001, name: 'v1' });
  });

  it('replaces records over 1 MB with their small values and Error 413', async () => {
    const { got } = await listen(track(realtimeClient(server.url)), 'huge', { event: 'INSERT', schema: 'rt_fixture', table: 'items' });
    await db.query(`insert into rt_fixture.items (id, name, price) values (4001, repeat('x', 1100000), 7)`);
    await waitFor(() => got.length === 1, 'huge change');
    expect(got[0].errors).toEqual(['Error 413: Payload Too Large']);
    expect(got[0].new).toEqual({ id: 4001, price: 7 });
  });
});
