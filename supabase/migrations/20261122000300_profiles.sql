-- Profiles: one row per auth user (display name, avatar path), created by a trigger on sign-up
-- and removed with the user (on delete cascade). Only the owner reads or changes their row.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text check (display_name is null or char_length(display_name) between 1 and 60),
  -- The avatar lives in the avatars bucket under the owner's folder; nobody can point at another's file.
  avatar_path text check (avatar_path is null or (starts_with(avatar_path, id::text || '/') and char_length(avatar_path) <= 200)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger profiles_touch_updated_at before update on public.profiles
for each row execute function public.touch_updated_at();

-- Runs as its owner because the signing-up user cannot insert into public.profiles; search_path is
-- empty so nothing the caller controls can shadow a name. A display name given at sign-up
-- (options.data.display_name) is kept when it is valid, dropped otherwise rather than failing the sign-up.
create function public.create_profile_for_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  requested text := nullif(btrim(new.raw_user_meta_data ->> 'display_name'), '');
begin
  insert into public.profiles (id, display_name)
  values (new.id, case when char_length(requested) <= 60 then requested end)
  on conflict (id) do nothing;
  return new;
end $$;

revoke execute on function public.create_profile_for_new_user() from public, anon, authenticated;

create trigger on_auth_user_created_create_profile after insert on auth.users
for each row execute function public.create_profile_for_new_user();

alter table public.profiles enable row level security;

create policy "Users can read their own profile" on public.profiles
for select to authenticated using (id = (select auth.uid()));

create policy "Users can update their own profile" on public.profiles
for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Rows come from the trigger and leave with the user: the API roles neither insert nor delete,
-- and may change only the two profile fields.
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (display_name, avatar_path) on public.profiles to authenticated;
grant all on public.profiles to service_role;
