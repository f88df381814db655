-- Broadcast from the database, as supabase/realtime's tenant schema defines it: a row inserted into
-- realtime.messages with extension 'broadcast' is delivered to the channels joined on its topic
-- (private rows to private channels only). realtime.send writes such a row; broadcast_changes is
-- the trigger helper that sends a table's row change. Hosted Realtime streams the table through a
-- publication; the local realtime service reads it through a queue (server/realtime/database-broadcast.ts).
--
-- Both functions run with the caller's rights, as hosted: a trigger that calls them as an API role
-- needs an INSERT policy on realtime.messages, or is SECURITY DEFINER (Supabase's documented way).

alter table realtime.messages add column if not exists binary_payload bytea;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    -- The topic is visible to RLS policies on realtime.messages through realtime.topic().
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (
      message_id,
      -- Every message carries an id the client can de-duplicate on; a caller's own id is kept.
      case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end,
      event, topic, private, 'broadcast'
    );
  exception when others then
    -- A failed broadcast never fails the write that caused it.
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
)
returns void
language plpgsql
as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(
    jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema),
    event_name,
    topic_name
  );
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text) owner to supabase_realtime_admin;
