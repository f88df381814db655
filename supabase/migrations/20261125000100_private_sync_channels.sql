-- Cart and order sync move from postgres_changes to private per-user broadcast channels.
--
-- postgres_changes checks RLS for INSERT and UPDATE but not for DELETE: every subscriber to a
-- table hears the primary key of every deleted row, so another user's cart lines (user_id,
-- item_id) and order deletions reached anyone subscribed to cart_items or orders. Supabase's
-- recommendation for private data is broadcast from the database: a trigger sends each change to
-- a topic of its owner (`cart:<user id>`, `orders:<user id>`), and RLS on realtime.messages lets a
-- signed-in user join only their own topics (private channels, `config: { private: true }`).
-- Items stay in supabase_realtime: stock is public.

alter publication supabase_realtime drop table public.cart_items;
alter publication supabase_realtime drop table public.orders;

-- Owner-keyed: the topic is `<first trigger argument>:<user_id>` of the row (old row on DELETE).
-- Security definer (owned by postgres) so the insert into realtime.messages needs no INSERT
-- policy: API roles get none, so nobody can send on these topics but the database.
create function private.broadcast_change_to_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_id uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
begin
  -- An anonymised order (its account deleted) has nobody to tell.
  if owner_id is not null then
    perform realtime.broadcast_changes(
      tg_argv[0] || ':' || owner_id::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old
    );
  end if;
  return null;
end;
$$;

revoke execute on function private.broadcast_change_to_owner() from public, anon, authenticated;

create trigger cart_items_broadcast_to_owner after insert or update or delete on public.cart_items
for each row execute function private.broadcast_change_to_owner('cart');

create trigger orders_broadcast_to_owner after insert or update or delete on public.orders
for each row execute function private.broadcast_change_to_owner('orders');

-- Receiving: a signed-in user may join their own cart and order topics, broadcast only.
create policy "Users receive their own cart and order changes" on realtime.messages
for select to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) in ('cart:' || (select auth.uid())::text, 'orders:' || (select auth.uid())::text)
);
