create table public.fixture_secrets (id int primary key, value text not null);
alter table public.fixture_secrets enable row level security;
-- No policy: only the service role (which bypasses RLS) can read it.
insert into public.fixture_secrets values (1, 'only the service role sees this');
