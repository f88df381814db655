-- Orders: requests to buy what was in the cart. No payments, shipping or tax (DESIGN §2).
-- Clients never write orders directly: place_order and cancel_order (security definer, checked
-- callers) are the only ways in, and the order-confirmation function confirms with the service role.
-- Owners read their own orders; an account deletion keeps orders, anonymised (user_id set null).

create table public.orders (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'placed' check (status in ('placed', 'confirmed', 'cancelled')),
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  total_cents integer not null check (total_cents >= 0),
  item_count integer not null check (item_count >= 1),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz not null default now()
);

comment on table public.orders is 'Order requests. placed → confirmed (receipt sent) → cancelled (stock restored).';

create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc, id desc);

create trigger orders_touch_updated_at before update on public.orders
for each row execute function public.touch_updated_at();

create table public.order_items (
  id bigint generated always as identity primary key,
  order_id bigint not null references public.orders (id) on delete cascade,
  item_id bigint references public.items (id) on delete set null,
  -- Snapshots: what the buyer saw when ordering, whatever the catalog says later.
  title text not null,
  unit_price_cents integer not null check (unit_price_cents >= 0),
  quantity integer not null check (quantity between 1 and 99)
);

create index order_items_order_id_idx on public.order_items (order_id);
create index order_items_item_id_idx on public.order_items (item_id);

alter table public.orders enable row level security;
alter table public.order_items enable row level security;

create policy "Users can read their own orders" on public.orders
for select to authenticated using (user_id = (select auth.uid()));

create policy "Users can read the lines of their own orders" on public.order_items
for select to authenticated using (
  exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid()))
);

revoke all on public.orders, public.order_items from anon, authenticated;
grant select on public.orders, public.order_items to authenticated;
grant all on public.orders, public.order_items to service_role;

alter publication supabase_realtime add table public.orders;

-- Places an order from the caller's cart in one transaction. Items are locked in id order (so two
-- buyers never deadlock), stock is checked, decremented and prices snapshotted, the order is
-- created and the cart cleared. When stock ran short meanwhile nothing is ordered: the cart is
-- adjusted (lines lowered to what is left, sold-out lines removed) and every change is reported.
create function public.place_order() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  line record;
  changes jsonb := '[]';
  new_order_id bigint;
  total integer := 0;
  lines integer := 0;
  order_currency text;
begin
  if uid is null then
    raise exception 'Sign in to place an order.' using errcode = '42501';
  end if;

  for line in
    select c.item_id, c.quantity, i.title, i.stock, i.price_cents, i.currency
    from public.cart_items c
    join public.items i on i.id = c.item_id
    where c.user_id = uid
    order by c.item_id
    for update of i, c
  loop
    lines := lines + 1;
    if line.stock < line.quantity then
      changes := changes || jsonb_build_object(
        'item_id', line.item_id, 'title', line.title, 'requested', line.quantity, 'available', line.stock);
    end if;
    order_currency := coalesce(order_currency, line.currency);
    if line.currency <> order_currency then
      raise exception 'The cart mixes currencies (% and %).', order_currency, line.currency using errcode = '22023';
    end if;
    total := total + line.price_cents * line.quantity;
  end loop;

  if lines = 0 then
    raise exception 'Your cart is empty.' using errcode = 'P0001', hint = 'Add something before ordering.';
  end if;

  if jsonb_array_length(changes) > 0 then
    delete from public.cart_items c
    using jsonb_array_elements(changes) as change
    where c.user_id = uid and c.item_id = (change ->> 'item_id')::bigint and (change ->> 'available')::integer = 0;
    update public.cart_items c set quantity = least((change ->> 'available')::integer, 99)
    from jsonb_array_elements(changes) as change
    where c.user_id = uid and c.item_id = (change ->> 'item_id')::bigint and (change ->> 'available')::integer > 0;
    return jsonb_build_object('status', 'stock_changed', 'changes', changes);
  end if;

  insert into public.orders (user_id, currency, total_cents, item_count)
  select uid, order_currency, total, sum(c.quantity) from public.cart_items c where c.user_id = uid
  returning id into new_order_id;

  insert into public.order_items (order_id, item_id, title, unit_price_cents, quantity)
  select new_order_id, i.id, i.title, i.price_cents, c.quantity
  from public.cart_items c join public.items i on i.id = c.item_id
  where c.user_id = uid;

  update public.items i set stock = i.stock - c.quantity
  from public.cart_items c
  where c.user_id = uid and c.item_id = i.id;

  delete from public.cart_items c where c.user_id = uid;

  return jsonb_build_object('status', 'placed', 'order_id', new_order_id, 'total_cents', total, 'currency', order_currency);
end;
$$;

revoke execute on function public.place_order() from public, anon;
grant execute on function public.place_order() to authenticated;

-- Cancels one of the caller's orders that is not cancelled yet and puts its stock back.
create function public.cancel_order(order_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  target public.orders;
begin
  if uid is null then
    raise exception 'Sign in to cancel an order.' using errcode = '42501';
  end if;
  select * into target from public.orders o where o.id = cancel_order.order_id and o.user_id = uid for update;
  if target.id is null then
    raise exception 'Order % was not found.', cancel_order.order_id using errcode = 'P0002';
  end if;
  if target.status = 'cancelled' then
    raise exception 'Order % is already cancelled.', target.id using errcode = 'P0001';
  end if;

  -- Lock in id order, like place_order, so a cancel and an order never deadlock.
  perform 1 from public.items i
  where i.id in (select oi.item_id from public.order_items oi where oi.order_id = target.id)
  order by i.id
  for update;

  update public.items i set stock = i.stock + oi.quantity
  from public.order_items oi
  where oi.order_id = target.id and oi.item_id = i.id;

  update public.orders o set status = 'cancelled', cancelled_at = now() where o.id = target.id;
  return jsonb_build_object('status', 'cancelled', 'order_id', target.id);
end;
$$;

revoke execute on function public.cancel_order(bigint) from public, anon;
grant execute on function public.cancel_order(bigint) to authenticated;
