-- Placing an order is idempotent per checkout attempt. The client makes one key per attempt
-- (a double click, a retry after a timeout, two tabs showing the same review all send the same
-- key) and place_order answers a repeated key with the order it already placed, instead of
-- "Your cart is empty." from the second call.

alter table public.orders add column idempotency_key uuid;

comment on column public.orders.idempotency_key is
  'The checkout attempt that placed this order (client-generated); unique per user, so a repeated attempt finds it.';

-- Unique per user (nulls stay distinct: orders from before this migration have none). The
-- index also serves the lookup place_order makes before ordering.
create unique index orders_user_id_idempotency_key_key on public.orders (user_id, idempotency_key);

drop function public.place_order();

-- As before (see 20261122000500_orders.sql): locks the items in id order, checks and takes the
-- stock, snapshots prices, creates the order and clears the cart, or orders nothing and reports
-- every changed line. New: the attempt's key, and one checkout per user at a time.
create function public.place_order(idempotency_key uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  line record;
  changes jsonb := '[]';
  existing public.orders;
  new_order_id bigint;
  total integer := 0;
  lines integer := 0;
  order_currency text;
begin
  if uid is null then
    raise exception 'Sign in to place an order.' using errcode = '42501';
  end if;
  if place_order.idempotency_key is null then
    raise exception 'Each checkout attempt needs its own idempotency_key.' using errcode = '22023';
  end if;

  -- One checkout of this user at a time: a repeated attempt (a double click, a second tab) waits
  -- here for the first to commit, then finds its order below instead of an empty cart.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('public.place_order:' || uid::text, 0));

  select * into existing from public.orders o
  where o.user_id = uid and o.idempotency_key = place_order.idempotency_key;
  if existing.id is not null then
    return jsonb_build_object(
      'status', 'placed', 'order_id', existing.id, 'total_cents', existing.total_cents, 'currency', existing.currency,
      'replayed', true);
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

  insert into public.orders (user_id, currency, total_cents, item_count, idempotency_key)
  select uid, order_currency, total, sum(c.quantity), place_order.idempotency_key from public.cart_items c where c.user_id = uid
  returning id into new_order_id;

  insert into public.order_items (order_id, item_id, title, unit_price_cents, quantity)
  select new_order_id, i.id, i.title, i.price_cents, c.quantity
  from public.cart_items c join public.items i on i.id = c.item_id
  where c.user_id = uid;

  update public.items i set stock = i.stock - c.quantity
  from public.cart_items c
  where c.user_id = uid and c.item_id = i.id;

  delete from public.cart_items c where c.user_id = uid;

  return jsonb_build_object(
    'status', 'placed', 'order_id', new_order_id, 'total_cents', total, 'currency', order_currency, 'replayed', false);
end;
$$;

revoke execute on function public.place_order(uuid) from public, anon;
grant execute on function public.place_order(uuid) to authenticated;
