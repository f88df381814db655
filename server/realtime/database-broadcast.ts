import type { Database } from '../db/database.ts';
import { INSTALL_LOCK_SQL } from '../db/install-lock.ts';
import { NotifiedQueue } from './notified-queue.ts';
import type { JsonValue } from './protocol/json.ts';
import type { RealtimeHub } from './realtime-hub.ts';

const MESSAGES_CHANNEL = 'realtime_local_messages';
/** Hosted Realtime drops realtime.messages partitions after three days. */
const RETENTION = '72 hours';
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Hosted Realtime streams realtime.messages through a publication; here an AFTER INSERT trigger
 * copies each broadcast row into a queue and notifies (see notified-queue.ts). Rows inserted by
 * the private-channel authorization probes are rolled back, so they never reach the queue.
 */
const INSTALL_SQL = /* sql */ `
${INSTALL_LOCK_SQL}
create schema if not exists realtime_local;
revoke all on schema realtime_local from public;

create unlogged table if not exists realtime_local.broadcasts (
  id bigint generated always as identity primary key,
  message_id uuid not null,
  topic text not null,
  event text,
  payload jsonb,
  private boolean not null
);

create or replace function realtime_local.queue_broadcast() returns trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  insert into realtime_local.broadcasts (message_id, topic, event, payload, private)
  values (new.id, new.topic, new.event, new.payload, coalesce(new.private, false));
  perform pg_notify('${MESSAGES_CHANNEL}', '');
  return null;
end $fn$;

do $$ begin
  if to_regclass('realtime.messages') is not null then
    drop trigger if exists realtime_local_queue_broadcast on realtime.messages;
    create trigger realtime_local_queue_broadcast after insert on realtime.messages
    for each row when (new.extension = 'broadcast') execute function realtime_local.queue_broadcast();
  end if;
end $$;
`;

interface BroadcastRow {
  id: number;
  message_id: string;
  topic: string;
  event: string | null;
  payload: JsonValue | null;
  private: boolean;
}

export interface DatabaseBroadcast {
  stop(): Promise<void>;
}

/**
 * Delivers what realtime.send / realtime.broadcast_changes write to the channels joined on the
 * message's topic, as hosted does: private rows to private channels (whose join passed the
 * topic's RLS read check), public rows to public ones, with `meta.id` set to the message's id.
 */
export function startDatabaseBroadcast(db: Database, hub: RealtimeHub): DatabaseBroadcast {
  const queue = new NotifiedQueue<BroadcastRow>(db, {
    channel: MESSAGES_CHANNEL,
    table: 'realtime_local.broadcasts',
    columns: 'id::float8 as id, message_id::text as message_id, topic, event, payload, private',
    label: 'database broadcast',
    onBatch(rows) {
      for (const row of rows) {
        const topic = `realtime:${row.topic}`;
        hub.broadcast(
          `${row.private ? 'private' : 'public'}:${topic}`,
          { topic, userEvent: row.event ?? '', payload: row.payload, metadata: { id: row.message_id } },
          null,
        );
      }
    },
  });
  const prune = () =>
    db.query(`delete from realtime.messages where inserted_at < now() - interval '${RETENTION}'`).catch((error: unknown) => {
      console.error('[realtime] pruning realtime.messages failed:', error);
    });
  let timer: NodeJS.Timeout | null = null;
  const ready = (async () => {
    await db.exec(INSTALL_SQL);
    await queue.start();
    await prune();
    timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
    timer.unref();
  })();
  ready.catch((error: unknown) => console.error('[realtime] broadcast from the database is unavailable:', error));
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await ready.catch(() => undefined);
      await queue.stop();
    },
  };
}
