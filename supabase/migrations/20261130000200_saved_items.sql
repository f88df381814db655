-- Saved items: variants a shopper keeps for later. Owners read, add and remove only their own;
-- each change reaches the owner's other tabs and devices on their private topic `saved:<user id>`,
-- as cart lines do (20261125000100_private_sync_channels.sql). Guests keep theirs in the browser
-- and merge them into the account on sign-in (merge_saved_items).

create table public.saved_items (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  item_id bigint not null references public.items (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, item_id)
);

comment on table public.saved_items is
  'Variants each user keeps for later. An item that leaves the shop stays saved and is shown as no longer available.';

create index saved_items_item_id_idx on public.saved_items (item_id);

alter table public.saved_items enable row level security;
revoke all on public.saved_items from anon, authenticated;
grant select, delete on public.saved_items to authenticated;
grant insert (user_id, item_id) on public.saved_items to authenticated;
grant all on public.saved_items to service_role;

create policy "Users read their saved items" on public.saved_items for select to authenticated
  using (user_id = (select auth.uid()));
-- Only what the user can see on sale: the subquery reads items under the caller's own RLS.
create policy "Users save items on sale" on public.saved_items for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.items i where i.id = item_id and i.on_sale)
  );
create policy "Users remove their saved items" on public.saved_items for delete to authenticated
  using (user_id = (select auth.uid()));

-- A list stays a list: at most 200 per user, checked as the owner so no client can grow it.
create function private.check_saved_items_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select count(*) from public.saved_items s where s.user_id = new.user_id) >= 200 then
    raise exception 'You have saved 200 items, the most a list holds. Remove some to save more.'
      using errcode = '54000', hint = 'Remove saved items you no longer need.';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_saved_items_limit() from public, anon, authenticated;

create trigger saved_items_limit before insert on public.saved_items
for each row execute function private.check_saved_items_limit();

create trigger saved_items_broadcast_to_owner after insert or delete on public.saved_items
for each row execute function private.broadcast_change_to_owner('saved');

create policy "Users receive their own saved items changes" on realtime.messages
for select to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'saved:' || (select auth.uid())::text
);

-- A guest's saved items into the account: every id the user may save and has not saved yet, in
-- the order given, up to the list's limit; what could not be saved (gone, not on sale, list full)
-- is reported, nothing is refused as a whole. Runs as the caller, so the policies above decide.
create function public.merge_saved_items(item_ids bigint[]) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  wanted bigint;
  saved bigint[] := '{}';
  skipped bigint[] := '{}';
begin
  if uid is null then
    raise exception 'Sign in to keep saved items in your account.' using errcode = '42501';
  end if;
  if item_ids is null or cardinality(item_ids) > 200 then
    raise exception 'item_ids must be a list of at most 200 item ids' using errcode = '22023';
  end if;
  foreach wanted in array item_ids loop
    continue when wanted is null or wanted = any(saved) or wanted = any(skipped);
    if exists (select 1 from public.saved_items s where s.user_id = uid and s.item_id = wanted) then
      saved := saved || wanted;
      continue;
    end if;
    begin
      insert into public.saved_items (user_id, item_id) values (uid, wanted);
      saved := saved || wanted;
    exception when insufficient_privilege or foreign_key_violation or program_limit_exceeded then
      skipped := skipped || wanted;
    end;
  end loop;
  return jsonb_build_object('saved', to_jsonb(saved), 'skipped', to_jsonb(skipped));
end;
$$;
revoke execute on function public.merge_saved_items(bigint[]) from public, anon;
grant execute on function public.merge_saved_items(bigint[]) to authenticated;
