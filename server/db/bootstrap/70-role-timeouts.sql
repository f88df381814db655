-- Hosted Supabase's role timeouts (supabase/postgres initial schema, the CLI's globals.sql): anon 3 s,
-- authenticated 8 s, the authenticator 8 s (service_role has none, so it inherits the authenticator's).
-- PGlite cannot cancel a running statement, so the local REST server reads these and checks them itself.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

-- What the REST server's generated SQL calls once a statement has run past its role's timeout.
create schema if not exists _local_rest;
grant usage on schema _local_rest to anon, authenticated, service_role;
create or replace function _local_rest.statement_timeout() returns boolean
  language plpgsql as $$
begin
  raise exception using errcode = 'query_canceled', message = 'canceling statement due to statement timeout';
end $$;
revoke all on function _local_rest.statement_timeout() from public;
grant execute on function _local_rest.statement_timeout() to anon, authenticated, service_role;
