-- Cart: one row per owner and item. Owners read and change only their own lines; quantities are
-- 1–99 and never above the item's stock (checked here, so no client can over-fill a cart).
-- Streams through realtime so every tab and device of the owner stays in step.

create table public.cart_items (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  item_id bigint not null references public.items (id) on delete cascade,
  quantity integer not null check (quantity between 1 and 99),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, item_id)
);

comment on table public.cart_items is 'What each user means to order. Merged from a guest cart on sign-in.';

create index cart_items_item_id_idx on public.cart_items (item_id);

create trigger cart_items_touch_updated_at before update on public.cart_items
for each row execute function public.touch_updated_at();

-- Stock is read as the table owner: the check must not depend on what the caller may select.
create function public.check_cart_quantity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  available integer;
  item_title text;
begin
  select i.stock, i.title into available, item_title from public.items i where i.id = new.item_id;
  if available is null then
    raise exception 'This item is no longer in the catalog.' using errcode = '23503';
  end if;
  if new.quantity > available then
    raise exception '%', case when available = 0 then format('%s is out of stock.', item_title)
                              else format('Only %s of %s left.', available, item_title) end
      using errcode = '23514', detail = format('item_id=%s available=%s', new.item_id, available),
            hint = 'Lower the quantity.';
  end if;
  return new;
end;
$$;

revoke execute on function public.check_cart_quantity() from public, anon, authenticated;

create trigger cart_items_check_quantity before insert or update of quantity, item_id on public.cart_items
for each row execute function public.check_cart_quantity();

alter table public.cart_items enable row level security;

create policy "Users can read their own cart" on public.cart_items
for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can add to their own cart" on public.cart_items
for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users can change their own cart" on public.cart_items
for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users can remove from their own cart" on public.cart_items
for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.cart_items from anon, authenticated;
grant select, insert, delete on public.cart_items to authenticated;
grant update (quantity) on public.cart_items to authenticated;
grant all on public.cart_items to service_role;

alter publication supabase_realtime add table public.cart_items;

-- Merges lines (a guest cart) into the caller's cart: quantities are summed and capped by stock
-- and 99; unknown or sold-out items are skipped. Returns what happened to each line.
create function public.merge_cart(lines jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  line record;
  current_quantity integer;
  available integer;
  wanted integer;
  merged integer;
  report jsonb := '[]';
begin
  if uid is null then
    raise exception 'Sign in to merge a cart.' using errcode = '42501';
  end if;
  if jsonb_typeof(lines) is distinct from 'array' or jsonb_array_length(lines) > 200 then
    raise exception 'lines must be an array of at most 200 {item_id, quantity} objects' using errcode = '22023';
  end if;
  for line in
    select (value ->> 'item_id')::bigint as item_id, greatest(0, least(99, (value ->> 'quantity')::integer)) as quantity
    from jsonb_array_elements(lines)
    order by 1
  loop
    continue when line.item_id is null or line.quantity < 1;
    select i.stock into available from public.items i where i.id = line.item_id;
    select c.quantity into current_quantity from public.cart_items c where c.user_id = uid and c.item_id = line.item_id;
    wanted := coalesce(current_quantity, 0) + line.quantity;
    merged := least(wanted, 99, coalesce(available, 0));
    if merged > coalesce(current_quantity, 0) then
      insert into public.cart_items (user_id, item_id, quantity) values (uid, line.item_id, merged)
      on conflict (user_id, item_id) do update set quantity = excluded.quantity;
    end if;
    report := report || jsonb_build_object('item_id', line.item_id, 'requested', wanted, 'quantity', greatest(merged, coalesce(current_quantity, 0)));
  end loop;
  return report;
end;
$$;

revoke execute on function public.merge_cart(jsonb) from public, anon;
grant execute on function public.merge_cart(jsonb) to authenticated, service_role;
