-- pg_net 0.20.4, emulated for the local backend (see pg_net.control). The schema, tables, types
-- and function signatures are hosted pg_net's, so SQL written for Supabase runs unchanged; the
-- requests are sent after commit by server/net/net-worker.ts, woken by NOTIFY.
--
-- Differences, on purpose:
--  * http_request_queue and _http_response are ordinary (logged) tables, not UNLOGGED: a local
--    server killed between a commit and its request still sends the request when it starts again.
--  * Waiting for a response inside SQL (_await_response, http_collect_response(async := false))
--    is refused: PGlite has one connection, which the worker needs to record the response.

create schema if not exists net;

create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds integer not null
);

create table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);

create index on net._http_response (created);

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- Percent-encodes everything but RFC 3986's unreserved characters, byte by byte of the UTF-8 form.
create function net._urlencode_string(string varchar) returns text
language plpgsql immutable strict
as $$
declare
  bytes bytea := convert_to(string, 'UTF8');
  encoded text := '';
  b integer;
begin
  for i in 0 .. length(bytes) - 1 loop
    b := get_byte(bytes, i);
    if (b between 48 and 57) or (b between 65 and 90) or (b between 97 and 122) or b in (45, 46, 95, 126) then
      encoded := encoded || chr(b);
    else
      encoded := encoded || '%' || upper(lpad(to_hex(b), 2, '0'));
    end if;
  end loop;
  return encoded;
end
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable strict
as $$
  select case
    when cardinality(params_array) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&')
  end
$$;

-- The worker listens on this channel; NOTIFY is delivered at commit, so a rolled-back request is
-- never sent and never even wakes the worker.
create function net.wake() returns void
language sql
as $$ select pg_notify('pg_net_wake', '') $$;

create function net.worker_restart() returns boolean
language plpgsql
as $$ begin perform net.wake(); return true; end $$;

-- The worker starts with the server and runs while it runs.
create function net.wait_until_running() returns void
language sql
as $$ select $$;

create function net.check_worker_is_up() returns void
language sql
as $$ select $$;

create function net._await_response(request_id bigint) returns boolean
language plpgsql
as $$
begin
  raise exception 'net._await_response is not supported by the local backend'
    using detail = 'PGlite has a single connection, and the worker needs it to record the response.',
          hint = 'Read net._http_response after the transaction has committed.';
end
$$;

create function net._query_string(params jsonb) returns text[]
language sql immutable
as $$
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from jsonb_each_text(coalesce(params, '{}'::jsonb))
$$;

-- Every request function ends here: one queue row, and the worker woken at commit.
create function net._enqueue(method text, url text, params jsonb, headers jsonb, body bytea, timeout_milliseconds integer) returns bigint
language plpgsql
as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (method, net._encode_url_with_params_array(url, net._query_string(params)), headers, body, timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language sql
as $$ select net._enqueue('GET', url, params, headers, null, timeout_milliseconds) $$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql
as $$
declare
  content_type text;
begin
  select value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb))
  where lower(key) = 'content-type'
  limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  return net._enqueue('POST', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds);
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000,
  body jsonb default null
) returns bigint
language sql
as $$ select net._enqueue('DELETE', url, params, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds) $$;

create function net._http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql
as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response r where r.id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$$;

create function net.http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;

-- What Supabase's event trigger does when pg_net is created: the request functions run as their
-- owner with a fixed search_path, and only the platform and API roles may call them.
alter function net.http_get(text, jsonb, jsonb, integer) security definer set search_path = net;
alter function net.http_post(text, jsonb, jsonb, jsonb, integer) security definer set search_path = net;
revoke execute on function net.http_get(text, jsonb, jsonb, integer), net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
do $$
declare
  grantee text;
begin
  foreach grantee in array array['supabase_functions_admin', 'postgres', 'anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = grantee) then
      execute format('grant execute on function net.http_get(text, jsonb, jsonb, integer), '
                     'net.http_post(text, jsonb, jsonb, jsonb, integer) to %I', grantee);
    end if;
  end loop;
end
$$;
