-- What a guest (an anonymous session: role authenticated, JWT claim is_anonymous) may not do that a
-- customer may. A guest has a cart, saved items, addresses and orders of their own, under the same
-- owner-only policies as everyone's, because guest checkout needs them and an upgrade or a guest
-- transfer keeps them. A guest has no account page, though, so nothing of a profile is theirs to
-- change: the display name and avatar path wait until the guest becomes an account (signing up
-- from the session keeps the user id and the profile row; the next token says is_anonymous false).
-- Avatars are already refused to guests (is_avatar_owner, …_avatars_bucket.sql), so a guest
-- session cannot use the public bucket as free file hosting.
--
-- RESTRICTIVE: it narrows every permissive policy on the command, present and future, instead of
-- each having to repeat the condition.
create policy "Guests cannot change a profile" on public.profiles
as restrictive
for update to authenticated
using ((select (auth.jwt() ->> 'is_anonymous')::boolean) is not true)
with check ((select (auth.jwt() ->> 'is_anonymous')::boolean) is not true);
