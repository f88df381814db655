import type { PGlite } from '@electric-sql/pglite';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFixtureDb } from './testing/fixture-db.ts';
import { realtimeClient, startRealtimeServer, subscribed, waitFor, type RealtimeTestServer } from './testing/realtime-test-server.ts';

let db: PGlite;
let server: RealtimeTestServer | null = null;

beforeAll(async () => {
  db = await createFixtureDb();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

it('rejoins after the server restarts and receives again', async () => {
  server = await startRealtimeServer(db);
  const { port } = server;
  const client = realtimeClient(server.url);
  const got: Array<RealtimePostgresChangesPayload<Record<string, unknown>>> = [];
  const broadcasts: unknown[] = [];
  const statuses: string[] = [];
  const channel = client
    .channel('restart', { config: { broadcast: { self: true } } })
    .on('postgres_changes', { event: 'INSERT', schema: 'rt_fixture', table: 'items' }, (change) => got.push(change))
    .on('broadcast', { event: 'ping' }, (m) => broadcasts.push(m.payload));
  channel.subscribe((status) => statuses.push(status));
  await waitFor(() => statuses.includes('SUBSCRIBED'), 'first subscribe');
  await db.query(`insert into rt_fixture.items (id, name) values (1, 'before')`);
  await waitFor(() => got.length === 1, 'change before restart');

  await server.close();
  await waitFor(() => channel.state !== 'joined', 'client notices the restart');
  server = await startRealtimeServer(db, { port });
  // realtime-js reconnects (reconnectAfterMs is 100 ms in tests) and rejoins its channels.
  await waitFor(() => channel.state === 'joined', 'rejoined', 15_000);
  await db.query(`insert into rt_fixture.items (id, name) values (2, 'after')`);
  await waitFor(() => got.length === 2, 'change after restart');
  expect(got.map((g) => (g.new as { name: string }).name)).toEqual(['before', 'after']);
  await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
  await waitFor(() => broadcasts.length === 1, 'broadcast after restart');
  client.realtime.disconnect();
});

it('subscribed() helper rejects on a join error', async () => {
  server ??= await startRealtimeServer(db);
  const client = realtimeClient(server.url);
  await expect(subscribed(client.channel(''))).rejects.toThrow();
  client.realtime.disconnect();
});
