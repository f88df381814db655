-- Platform roles and schemas the Supabase CLI's Postgres image creates (globals.sql, initial schema).
-- PGlite runs everything as the superuser "postgres", which owns what migrations create, like hosted.
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
-- Owner-ish roles some migrations grant to or reference (auth hooks, storage policies).
create role supabase_admin nologin bypassrls createrole createdb;
create role supabase_auth_admin nologin noinherit createrole;
create role supabase_storage_admin nologin noinherit createrole;
create role supabase_realtime_admin nologin noinherit;
create role dashboard_user nologin createrole createdb;
grant anon, authenticated, service_role to supabase_storage_admin;

create schema if not exists extensions;
grant usage on schema extensions to public;
create extension if not exists pgcrypto schema extensions;
create extension if not exists "uuid-ossp" schema extensions;
create extension if not exists pg_trgm schema extensions;

-- Hosted projects put `extensions` on every role's search_path; PostgREST adds it too.
alter database postgres set search_path to "$user", public, extensions;

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
