import type { PGlite } from '@electric-sql/pglite';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite } from '../db/open-database.ts';
import { realtimeClient, startRealtimeServer, subscribed, userClient, userToken, waitFor, type RealtimeTestServer } from './testing/realtime-test-server.ts';

/**
 * Broadcast from the database (realtime.send, realtime.broadcast_changes) on the platform
 * bootstrap, with the policy shape Supabase documents for private per-user topics.
 */
// A bare PGlite: one test reads the notices a statement raises.
let db: PGlite;
let server: RealtimeTestServer;
const owner = '66666666-6666-4666-8666-666666666666';
const stranger = '77777777-7777-4777-8777-777777777777';
const clients: SupabaseClient[] = [];

interface Received {
  event: string;
  payload: Record<string, unknown>;
  meta?: { id?: string };
}

beforeAll(async () => {
  db = await openPGlite(null);
  server = await startRealtimeServer(db);
  await db.exec(`
    create table public.notes (id bigint generated always as identity primary key, user_id uuid not null, body text not null);
    alter table public.notes enable row level security;
    create policy "owners write notes" on public.notes for all to authenticated
      using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
    grant select, insert, update, delete on public.notes to authenticated;

    create function public.broadcast_note_change() returns trigger
    language plpgsql security definer set search_path = '' as $$
    begin
      perform realtime.broadcast_changes(
        'notes:' || (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text,
        tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
      return null;
    end $$;
    create trigger notes_broadcast after insert or update or delete on public.notes
      for each row execute function public.broadcast_note_change();

    create policy "owners receive their notes topic" on realtime.messages for select to authenticated
      using ((select realtime.topic()) = 'notes:' || (select auth.uid())::text and realtime.messages.extension = 'broadcast');`);
});

afterEach(async () => {
  for (const client of clients.splice(0)) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

async function clientFor(sub: string | null): Promise<SupabaseClient> {
  let client: SupabaseClient;
  if (sub) {
    const token = await userToken(sub);
    client = await userClient(server.url, () => token);
  } else {
    client = realtimeClient(server.url);
  }
  clients.push(client);
  return client;
}

function listen(client: SupabaseClient, topic: string, isPrivate: boolean): { channel: RealtimeChannel; got: Received[] } {
  const got: Received[] = [];
  const channel = client
    .channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, (message) => got.push(message as unknown as Received));
  return { channel, got };
}

/** A write as the user, through the same role switch PostgREST makes. */
async function asUser(sub: string, sql: string, params: unknown[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ sub, role: 'authenticated' }),
    ]);
    await tx.query(sql, params);
  });
}

describe('broadcast from the database', () => {
  it('delivers a trigger’s row changes to the owner’s private channel with an id, in commit order', async () => {
    const mine = listen(await clientFor(owner), `notes:${owner}`, true);
    await subscribed(mine.channel);

    await asUser(owner, `insert into public.notes (user_id, body) values ($1, 'first')`, [owner]);
    await asUser(owner, `update public.notes set body = 'second' where user_id = $1`, [owner]);
    await asUser(owner, `delete from public.notes where user_id = $1`, [owner]);

    await waitFor(() => mine.got.length === 3, 'three changes');
    expect(mine.got.map((message) => message.event)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const [inserted, updated, deleted] = mine.got;
    expect(inserted.payload).toMatchObject({ operation: 'INSERT', table: 'notes', schema: 'public', old_record: null, record: { user_id: owner, body: 'first' } });
    expect(updated.payload).toMatchObject({ old_record: { body: 'first' }, record: { body: 'second' } });
    expect(deleted.payload).toMatchObject({ operation: 'DELETE', record: null, old_record: { user_id: owner, body: 'second' } });
    // The message id is the payload's id and the frame's meta.id, as hosted sends it.
    expect(typeof inserted.payload.id).toBe('string');
    expect(inserted.meta?.id).toBe(inserted.payload.id);
  });

  it('keeps a user’s topic from everyone else, however they join', async () => {
    const privateStranger = await clientFor(stranger);
    const refused = listen(privateStranger, `notes:${owner}`, true);
    const joinError = await subscribed(refused.channel).then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(joinError)).toContain('Unauthorized');

    // The same topic joined as a public channel is a different channel: private rows never reach it.
    const publicStranger = listen(await clientFor(stranger), `notes:${owner}`, false);
    const publicAnon = listen(await clientFor(null), `notes:${owner}`, false);
    const ownTopic = listen(await clientFor(stranger), `notes:${stranger}`, true);
    const mine = listen(await clientFor(owner), `notes:${owner}`, true);
    for (const { channel } of [publicStranger, publicAnon, ownTopic, mine]) await subscribed(channel);

    await asUser(owner, `insert into public.notes (user_id, body) values ($1, 'secret')`, [owner]);
    await asUser(stranger, `insert into public.notes (user_id, body) values ($1, 'theirs')`, [stranger]);
    await waitFor(() => mine.got.length === 1 && ownTopic.got.length === 1, 'each owner’s own change');

    // Commit order: had anything of the owner's reached the strangers, it would be here by now.
    const strangersSaw = JSON.stringify([refused.got, publicStranger.got, publicAnon.got, ownTopic.got]);
    expect(strangersSaw).not.toContain(owner);
    expect(ownTopic.got[0].payload).toMatchObject({ record: { user_id: stranger, body: 'theirs' } });
  });

  it('realtime.send reaches private channels with private rows and public channels with public rows', async () => {
    const privateRoom = listen(await clientFor(owner), `notes:${owner}`, true);
    const publicRoom = listen(await clientFor(null), `notes:${owner}`, false);
    await subscribed(privateRoom.channel);
    await subscribed(publicRoom.channel);

    await db.query(`select realtime.send('{"n": 1}'::jsonb, 'ping', $1)`, [`notes:${owner}`]);
    await db.query(`select realtime.send('{"n": 2, "id": "mine"}'::jsonb, 'ping', $1, false)`, [`notes:${owner}`]);

    await waitFor(() => privateRoom.got.length === 1 && publicRoom.got.length === 1, 'one message on each');
    expect(privateRoom.got[0].payload).toMatchObject({ n: 1 });
    // A caller's own id is kept.
    expect(publicRoom.got[0].payload).toEqual({ n: 2, id: 'mine' });
  });

  it('sends nothing for a rolled-back write, and a broadcast the caller may not make never fails the write', async () => {
    const mine = listen(await clientFor(owner), `notes:${owner}`, true);
    await subscribed(mine.channel);

    await db
      .transaction(async (tx) => {
        await tx.query(`insert into public.notes (user_id, body) values ($1, 'rolled back')`, [owner]);
        throw new Error('abort');
      })
      .catch(() => undefined);

    // Called with the caller's rights and no INSERT policy: a WARNING, the statement still succeeds.
    const warned = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: owner, role: 'authenticated' }),
      ]);
      const notices: string[] = [];
      await tx.query(`select realtime.send('{}'::jsonb, 'denied', $1)`, [`notes:${owner}`], { onNotice: (notice) => notices.push(notice.message ?? '') });
      return notices;
    });
    expect(warned.join('\n')).toMatch(/WarnSendingBroadcastMessage: new row violates row-level security/);

    await db.query(`select realtime.send('{}'::jsonb, 'marker', $1)`, [`notes:${owner}`]);
    await waitFor(() => mine.got.length > 0, 'the marker');
    expect(mine.got.map((message) => message.event)).toEqual(['marker']);
  });

  it('refuses statement-level use and unknown operations, as hosted does', async () => {
    await expect(
      db.query(`select realtime.broadcast_changes('t', 'e', 'INSERT', 'notes', 'public', null::record, null::record, 'STATEMENT')`),
    ).rejects.toThrow(/Failed to process the row: function can only be triggered for each row/);
    await expect(db.query(`select realtime.broadcast_changes('t', 'e', 'TRUNCATE', 'notes', 'public', null::record, null::record)`)).rejects.toThrow(
      /Failed to process the row: Unexpected operation type: TRUNCATE/,
    );
  });
});
