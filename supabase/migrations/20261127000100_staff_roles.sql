-- Staff roles, the Supabase way (issue 18; docs: "Custom Claims & Role-based Access Control"):
-- a role per account in user_roles, put into the access token by the custom access token hook
-- (config.toml [auth.hook.custom_access_token]; on hosted, enable the hook in the dashboard),
-- and policies that read the claim through authorize() — never a table lookup per row.

create type public.app_role as enum ('staff');
create type public.app_permission as enum ('items.write', 'stock.write', 'orders.manage', 'audit.read');

create table public.user_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role public.app_role not null,
  granted_at timestamptz not null default now()
);
comment on table public.user_roles is 'Who is staff. Written with the service role only (README: making someone staff).';

create table public.role_permissions (
  role public.app_role not null,
  permission public.app_permission not null,
  primary key (role, permission)
);

insert into public.role_permissions (role, permission) values
  ('staff', 'items.write'), ('staff', 'stock.write'), ('staff', 'orders.manage'), ('staff', 'audit.read');

alter table public.user_roles enable row level security;
alter table public.role_permissions enable row level security;

-- A signed-in user may see their own role (the app shows the staff entry from the token, this is
-- for completeness); nobody writes through the API: the service role (dashboard, scripts) does.
revoke all on public.user_roles, public.role_permissions from anon, authenticated;
grant select on public.user_roles to authenticated;
grant select on public.role_permissions to anon, authenticated;
grant all on public.user_roles, public.role_permissions to service_role;
create policy "Users read their own role" on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Anyone can read what each role may do" on public.role_permissions for select to anon, authenticated
  using (true);

-- The hook: runs as supabase_auth_admin on every token GoTrue mints (sign-in, refresh, …), so a role
-- granted or revoked reaches the token at the next refresh. The claim is `user_role` (null for customers).
create function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  claims jsonb := event -> 'claims';
  found public.app_role;
begin
  select ur.role into found from public.user_roles ur where ur.user_id = (event ->> 'user_id')::uuid;
  claims := jsonb_set(claims, '{user_role}', coalesce(to_jsonb(found), 'null'::jsonb));
  return jsonb_set(event, '{claims}', claims);
end;
$$;

grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;
grant select on public.user_roles to supabase_auth_admin;
create policy "Auth reads roles for the token hook" on public.user_roles for select to supabase_auth_admin using (true);

-- May the caller do `requested`? Reads the signed claim; role_permissions is one indexed lookup,
-- and policies call it as `(select public.authorize(…))` so Postgres runs it once per statement.
create function public.authorize(requested public.app_permission) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.role_permissions rp
    where rp.permission = requested and rp.role::text = (select auth.jwt() ->> 'user_role')
  );
$$;
revoke execute on function public.authorize(public.app_permission) from public;
grant execute on function public.authorize(public.app_permission) to anon, authenticated, service_role;

-- Staff edit the catalog through the API; customers still only read it.
grant insert, update on public.items, public.categories to authenticated;
create policy "Staff add items" on public.items for insert to authenticated
  with check ((select public.authorize('items.write')));
create policy "Staff edit items" on public.items for update to authenticated
  using ((select public.authorize('items.write'))) with check ((select public.authorize('items.write')));
create policy "Staff add categories" on public.categories for insert to authenticated
  with check ((select public.authorize('items.write')));
create policy "Staff edit categories" on public.categories for update to authenticated
  using ((select public.authorize('items.write'))) with check ((select public.authorize('items.write')));
