-- Platform roles and schemas the Supabase CLI's Postgres image creates (globals.sql, initial schema).
-- PGlite runs everything as the superuser "postgres", which owns what migrations create, like hosted.
-- Roles belong to the whole server, not one database: on a real PostgreSQL (--db-url) another
-- database of the same server may have made them already, so each is made only when missing.
do $$
declare
  role record;
begin
  for role in select * from (values
    ('anon', 'nologin noinherit'),
    ('authenticated', 'nologin noinherit'),
    ('service_role', 'nologin noinherit bypassrls'),
    ('authenticator', 'login noinherit'),
    -- Owner-ish roles some migrations grant to or reference (auth hooks, storage policies).
    ('supabase_admin', 'nologin bypassrls createrole createdb'),
    ('supabase_auth_admin', 'nologin noinherit createrole'),
    ('supabase_storage_admin', 'nologin noinherit createrole'),
    ('supabase_realtime_admin', 'nologin noinherit'),
    ('dashboard_user', 'nologin createrole createdb')
  ) as wanted(name, options)
  loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = role.name) then
      execute format('create role %I %s', role.name, role.options);
    end if;
  end loop;
end $$;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to supabase_storage_admin;

create schema if not exists extensions;
grant usage on schema extensions to public;
create extension if not exists pgcrypto schema extensions;
create extension if not exists "uuid-ossp" schema extensions;
create extension if not exists pg_trgm schema extensions;

-- Hosted projects put `extensions` on every role's search_path; PostgREST adds it too.
do $$ begin
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end $$;

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists realtime;
grant usage on schema auth, storage, realtime to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
grant all on schema realtime to supabase_realtime_admin;

-- The CLI's initial schema: API roles may use public, and new objects are granted to them by default.
grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to postgres;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
