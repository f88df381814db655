-- Avatars: a public bucket (the header shows them through the public URL, cacheable) whose
-- writes are owner-only: a signed-in, non-anonymous user writes under `<their user id>/…` and
-- nowhere else. The browser resizes to at most 512 px, so 2 MiB is a generous ceiling.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 2097152, array['image/webp', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;

-- Guests (anonymous sessions) have no profile page, so they get no avatar folder either.
create function public.is_avatar_owner(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select (select auth.uid()) is not null
    and (storage.foldername(object_name))[1] = (select auth.uid())::text
    and not coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false)
$$;

grant execute on function public.is_avatar_owner(text) to authenticated;

create policy "Users can see their own avatar files" on storage.objects
for select to authenticated using (bucket_id = 'avatars' and public.is_avatar_owner(name));

create policy "Users can upload avatars into their own folder" on storage.objects
for insert to authenticated with check (bucket_id = 'avatars' and public.is_avatar_owner(name));

create policy "Users can replace their own avatar files" on storage.objects
for update to authenticated
using (bucket_id = 'avatars' and public.is_avatar_owner(name))
with check (bucket_id = 'avatars' and public.is_avatar_owner(name));

create policy "Users can delete their own avatar files" on storage.objects
for delete to authenticated using (bucket_id = 'avatars' and public.is_avatar_owner(name));
