-- What a Supabase CLI stack has besides auth, storage and realtime: Vault, pg_net, and the
-- supabase_functions schema behind Database Webhooks (the CLI installs it on every local stack;
-- hosted projects get it when Database Webhooks are enabled). pg_net and Vault are the SQL
-- emulations in server/db/extensions; server/net sends the queued requests.

-- Made only when missing: another database of the same PostgreSQL server may have made it (roles are server-wide).
do $$ begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_functions_admin') then
    create role supabase_functions_admin nologin noinherit createrole;
  end if;
end $$;

create schema if not exists vault;
create extension if not exists supabase_vault schema vault;
create extension if not exists pg_net schema extensions;

create schema supabase_functions authorization supabase_functions_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;

create table supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial'), ('20210809183423_update_grants');

-- One row per webhook firing: the table, the trigger, and the pg_net request it queued.
create table supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks using btree (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';

-- The Database Webhook trigger function: `after insert or update or delete … for each row execute
-- function supabase_functions.http_request(url, method, headers, params, timeout_ms)`, every
-- argument text. POST sends {type, table, record, schema, old_record}; GET sends nothing.
create function supabase_functions.http_request() returns trigger
language plpgsql
security definer
set search_path = supabase_functions
as $$
declare
  request_id bigint;
  payload jsonb;
  url text := tg_argv[0]::text;
  method text := tg_argv[1]::text;
  headers jsonb;
  params jsonb;
  timeout_ms integer;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  headers := case when tg_argv[2] is null or tg_argv[2] = 'null' then '{"Content-Type": "application/json"}'::jsonb else tg_argv[2]::jsonb end;
  params := case when tg_argv[3] is null or tg_argv[3] = 'null' then '{}'::jsonb else tg_argv[3]::jsonb end;
  timeout_ms := case when tg_argv[4] is null or tg_argv[4] = 'null' then 1000 else tg_argv[4]::integer end;

  case
    when method = 'GET' then
      request_id := net.http_get(url, params, headers, timeout_ms);
    when method = 'POST' then
      payload := jsonb_build_object('old_record', old, 'record', new, 'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema);
      request_id := net.http_post(url, payload, params, headers, timeout_ms);
    else
      raise exception 'method argument % is invalid', method;
  end case;

  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id) values (tg_relid, tg_name, request_id);
  return new;
end
$$;

alter table supabase_functions.migrations owner to supabase_functions_admin;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;
grant all on all tables in schema supabase_functions to postgres, service_role;
grant all on all sequences in schema supabase_functions to postgres, service_role;
grant usage on schema net to supabase_functions_admin;

-- Supabase documents keeping per-environment values for SQL, such as the project's own URL for
-- calling its functions, in Vault. Inside a Supabase stack the API gateway is reached as
-- http://kong:8000; the local backend's pg_net worker serves that address in-process, whatever
-- port `npm start` listens on.
select vault.create_secret('http://kong:8000', 'project_url', 'The project''s API as the database reaches it.');
