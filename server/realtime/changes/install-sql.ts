import { INSTALL_LOCK_SQL } from '../../db/install-lock.ts';

/**
 * The database side of postgres_changes. PGlite has no logical replication slot, so row
 * changes are captured by AFTER ROW triggers into an unlogged queue table and announced with
 * NOTIFY (delivered only after commit; a rollback discards rows and notification alike).
 * The queue keeps bursts lossless and ordered (identity column = commit order on PGlite's
 * single connection) and sidesteps NOTIFY's 8000-byte payload limit.
 *
 * An event trigger keeps the capture triggers in step with the `supabase_realtime`
 * publication, so `alter publication supabase_realtime add table x` in a migration is all an
 * app does, exactly as on hosted Supabase.
 */
export const CHANGES_CHANNEL = 'realtime_local_changes';

export const INSTALL_SQL = /* sql */ `
${INSTALL_LOCK_SQL}
do $$ begin
  -- The platform bootstrap normally creates it; without it migrations could not add tables.
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

create schema if not exists realtime_local;
revoke all on schema realtime_local from public;

create unlogged table if not exists realtime_local.changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp text not null
);

create or replace function realtime_local.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  insert into realtime_local.changes (schema_name, table_name, op, record, old_record, commit_timestamp)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end,
    -- now() is the transaction's timestamp: every change of one commit shares it, like WAL's.
    to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
  -- Identical payloads are folded into one notification per transaction.
  perform pg_notify('${CHANGES_CHANNEL}', '');
  return null;
end $fn$;

create or replace function realtime_local.sync_capture_triggers() returns void
language plpgsql security definer set search_path = '' as $fn$
declare r record;
begin
  for r in
    select c.oid::regclass as rel
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
      -- FOR ALL TABLES would list the queue itself: capturing it would recurse forever.
      and p.schemaname <> 'realtime_local'
      and not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = 'realtime_local_capture')
  loop
    execute format('create trigger realtime_local_capture after insert or update or delete on %s '
                   'for each row execute function realtime_local.capture_change()', r.rel);
  end loop;
  for r in
    select t.tgrelid::regclass as rel
    from pg_catalog.pg_trigger t
    where t.tgname = 'realtime_local_capture'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        join pg_catalog.pg_namespace n on n.nspname = p.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = 'supabase_realtime' and c.oid = t.tgrelid)
  loop
    execute format('drop trigger realtime_local_capture on %s', r.rel);
  end loop;
end $fn$;

create or replace function realtime_local.on_ddl() returns event_trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  -- Cached table shapes are staled by the DDL watch every service shares (db/catalog-cache.ts).
  perform realtime_local.sync_capture_triggers();
end $fn$;

drop event trigger if exists realtime_local_sync;
create event trigger realtime_local_sync on ddl_command_end
  when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS',
               'SELECT INTO', 'ALTER TABLE', 'DROP TABLE', 'GRANT', 'REVOKE')
  execute function realtime_local.on_ddl();

select realtime_local.sync_capture_triggers();
-- Changes queued by a previous process had no subscribers that could still receive them.
delete from realtime_local.changes;
`;
