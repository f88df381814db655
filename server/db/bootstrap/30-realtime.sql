-- Realtime: the publication app migrations extend (`alter publication supabase_realtime add table …`)
-- and the broadcast/presence authorization table with realtime.topic() (supabase/realtime migrations).
-- PGlite supports publications as catalog objects (no logical replication); the realtime service reads
-- pg_publication_tables to know which tables stream changes.
create publication supabase_realtime;

create table realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to public;
