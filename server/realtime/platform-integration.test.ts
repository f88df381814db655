import type { Database } from '../db/database.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { realtimeClient, startRealtimeServer, subscribed, userClient, userToken, waitFor, type RealtimeTestServer } from './testing/realtime-test-server.ts';

/**
 * The same service on the platform bootstrap (server/db) rather than the test fixture: its
 * roles, auth.uid(), realtime.messages and supabase_realtime publication, with a migration
 * that adds a table to the publication after the service started.
 */
let db: Database;
let server: RealtimeTestServer;
const owner = '44444444-4444-4444-8444-444444444444';

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  server = await startRealtimeServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

it('streams a table a migration adds to supabase_realtime, under RLS', async () => {
  await db.exec(`
    create schema rt_platform;
    grant usage on schema rt_platform to anon, authenticated, service_role;
    create table rt_platform.todos (id bigint generated always as identity primary key, user_id uuid not null, title text not null);
    alter table rt_platform.todos enable row level security;
    create policy "owners read todos" on rt_platform.todos for select to authenticated using (user_id = (select auth.uid()));
    grant select, insert on rt_platform.todos to authenticated;
    alter publication supabase_realtime add table rt_platform.todos;
    create policy "owner reads room" on realtime.messages for select to authenticated using (realtime.topic() = 'todos:' || (select auth.uid())::text);
    create policy "owner writes room" on realtime.messages for insert to authenticated with check (realtime.topic() = 'todos:' || (select auth.uid())::text);`);
  const token = await userToken(owner);
  const client = await userClient(server.url, () => token);
  const got: unknown[] = [];
  const channel = client.channel('todos').on('postgres_changes', { event: 'INSERT', schema: 'rt_platform', table: 'todos' }, (c) => got.push(c.new));
  await subscribed(channel);
  const anonGot: unknown[] = [];
  const anon = realtimeClient(server.url);
  await subscribed(anon.channel('todos-anon').on('postgres_changes', { event: 'INSERT', schema: 'rt_platform', table: 'todos' }, (c) => anonGot.push(c.new)));
  await db.query(`insert into rt_platform.todos (user_id, title) values ($1, 'mine'), ('55555555-5555-4555-8555-555555555555', 'theirs')`, [owner]);
  await waitFor(() => got.length === 1, 'own todo');
  expect(got).toEqual([{ id: 1, user_id: owner, title: 'mine' }]);
  // Private channel against the platform's realtime.messages.
  const room = client.channel(`todos:${owner}`, { config: { private: true, broadcast: { self: true, ack: true } } });
  const echoes: unknown[] = [];
  room.on('broadcast', { event: 'e' }, (m) => echoes.push(m.payload));
  await subscribed(room);
  expect(await room.send({ type: 'broadcast', event: 'e', payload: { ok: true } })).toBe('ok');
  await waitFor(() => echoes.length === 1, 'private echo');
  expect(anonGot).toEqual([]);
  client.realtime.disconnect();
  anon.realtime.disconnect();
});
