-- Bookkeeping the local backend owns: migration history like the CLI's, and the dev mail outbox.
create schema if not exists supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text not null primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);
create table supabase_migrations.seed_files (
  path text not null primary key,
  hash text not null,
  applied_at timestamptz not null default now()
);

-- Private: no API role has usage on _dev, so PostgREST can never expose it.
create schema if not exists _dev;
create table _dev.mail (
  id bigserial primary key,
  "to" text not null,
  subject text not null,
  text text not null,
  html text,
  links text[] not null default '{}',
  created_at timestamptz not null default now()
);
revoke all on schema _dev from public;
