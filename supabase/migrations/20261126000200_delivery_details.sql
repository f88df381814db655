-- Delivery details (issue 15): checkout asks where the order goes, the order keeps a snapshot of
-- it (the order page and the receipt show it, whatever the address book says later), and the
-- address is offered next time. Still no payment, shipping rates or tax: an order request.

create table public.addresses (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  full_name text not null check (length(btrim(full_name)) between 1 and 120),
  line1 text not null check (length(btrim(line1)) between 1 and 200),
  line2 text check (line2 is null or length(btrim(line2)) between 1 and 200),
  postcode text not null check (postcode ~ '^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$'),
  city text not null check (length(btrim(city)) between 1 and 100),
  country text not null check (country ~ '^[A-Z]{2}$'),
  phone text check (phone is null or phone ~ '^\+?[0-9][0-9 ()./-]{4,22}[0-9]$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);

comment on table public.addresses is 'A customer''s saved delivery addresses, newest use first; only the owner sees or changes them.';

create index addresses_user_id_last_used_at_idx on public.addresses (user_id, last_used_at desc);

alter table public.addresses enable row level security;
create policy "Owners read their addresses" on public.addresses for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Owners add their addresses" on public.addresses for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "Owners change their addresses" on public.addresses for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Owners remove their addresses" on public.addresses for delete to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.addresses from anon;
revoke truncate, references, trigger on public.addresses from authenticated;
grant select, insert, update, delete on public.addresses to authenticated;
grant all on public.addresses to service_role;

alter table public.orders add column delivery jsonb check (delivery is null or jsonb_typeof(delivery) = 'object');
comment on column public.orders.delivery is
  'Where the order goes, as given at checkout: full_name, line1, line2, postcode, city, country, phone (null before delivery details existed).';

-- The fields as stored (the app's cleanDelivery does the same): trimmed, inner runs of spaces collapsed, optional ones null when empty,
-- the postcode and country upper-cased.
create function public.clean_delivery(delivery jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'full_name', nullif(regexp_replace(btrim(coalesce(delivery ->> 'full_name', '')), '\s+', ' ', 'g'), ''),
    'line1', nullif(regexp_replace(btrim(coalesce(delivery ->> 'line1', '')), '\s+', ' ', 'g'), ''),
    'line2', nullif(regexp_replace(btrim(coalesce(delivery ->> 'line2', '')), '\s+', ' ', 'g'), ''),
    'postcode', nullif(upper(regexp_replace(btrim(coalesce(delivery ->> 'postcode', '')), '\s+', ' ', 'g')), ''),
    'city', nullif(regexp_replace(btrim(coalesce(delivery ->> 'city', '')), '\s+', ' ', 'g'), ''),
    'country', nullif(upper(btrim(coalesce(delivery ->> 'country', ''))), ''),
    'phone', nullif(regexp_replace(btrim(coalesce(delivery ->> 'phone', '')), '\s+', ' ', 'g'), ''))
$$;

-- What is wrong with the delivery details, field → message ({} when they will do). The app checks
-- the same rules first (src/features/orders/api/delivery-schema.ts); this is the authority.
create function public.delivery_problems(delivery jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  d jsonb := public.clean_delivery(coalesce(delivery, '{}'::jsonb));
  problems jsonb := '{}';
begin
  if jsonb_typeof(delivery) is distinct from 'object' then
    return jsonb_build_object('delivery', 'Add a delivery address.');
  end if;
  if d ->> 'full_name' is null then
    problems := problems || jsonb_build_object('full_name', 'Enter the name of the person receiving the order.');
  elsif length(d ->> 'full_name') > 120 then
    problems := problems || jsonb_build_object('full_name', 'The name is longer than 120 characters.');
  end if;
  if d ->> 'line1' is null then
    problems := problems || jsonb_build_object('line1', 'Enter the street and house number.');
  elsif length(d ->> 'line1') > 200 then
    problems := problems || jsonb_build_object('line1', 'The address line is longer than 200 characters.');
  end if;
  if length(d ->> 'line2') > 200 then
    problems := problems || jsonb_build_object('line2', 'The second address line is longer than 200 characters.');
  end if;
  if d ->> 'postcode' is null then
    problems := problems || jsonb_build_object('postcode', 'Enter the postcode.');
  elsif d ->> 'postcode' !~ '^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$' then
    problems := problems || jsonb_build_object('postcode', 'The postcode can have 3 to 12 letters, digits, spaces or hyphens.');
  end if;
  if d ->> 'city' is null then
    problems := problems || jsonb_build_object('city', 'Enter the town or city.');
  elsif length(d ->> 'city') > 100 then
    problems := problems || jsonb_build_object('city', 'The town or city is longer than 100 characters.');
  end if;
  if d ->> 'country' is null or d ->> 'country' !~ '^[A-Z]{2}$' then
    problems := problems || jsonb_build_object('country', 'Choose the country.');
  end if;
  if d ->> 'phone' is not null and d ->> 'phone' !~ '^\+?[0-9][0-9 ()./-]{4,22}[0-9]$' then
    problems := problems || jsonb_build_object('phone', 'Enter a phone number such as +353 1 234 5678, or leave it empty.');
  end if;
  return problems;
end;
$$;

drop function public.place_order(uuid);

-- As before (20261124000100_idempotent_place_order.sql), now with where the order goes: refused
-- with every problem named when the details will not do; kept with the order as a snapshot; saved
-- to the buyer's addresses (or moved to the top of them) in the same transaction.
create function public.place_order(idempotency_key uuid, delivery jsonb) returns jsonb
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
  problems jsonb;
  address jsonb;
begin
  if uid is null then
    raise exception 'Sign in to place an order.' using errcode = '42501';
  end if;
  if place_order.idempotency_key is null then
    raise exception 'Each checkout attempt needs its own idempotency_key.' using errcode = '22023';
  end if;
  problems := public.delivery_problems(place_order.delivery);
  if problems <> '{}'::jsonb then
    raise exception 'Check the delivery details: %', (select string_agg(value, ' ' order by key) from jsonb_each_text(problems))
      using errcode = '22023', detail = problems::text, hint = 'Each field named in the detail needs correcting.';
  end if;
  address := public.clean_delivery(place_order.delivery);

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

  insert into public.orders (user_id, currency, total_cents, item_count, idempotency_key, delivery)
  select uid, order_currency, total, sum(c.quantity), place_order.idempotency_key, address from public.cart_items c where c.user_id = uid
  returning id into new_order_id;

  -- Offered next time: the address as used, once (the same one again only moves to the top).
  update public.addresses a set last_used_at = now()
  where a.user_id = uid and a.full_name = address ->> 'full_name' and a.line1 = address ->> 'line1'
    and a.line2 is not distinct from address ->> 'line2' and a.postcode = address ->> 'postcode'
    and a.city = address ->> 'city' and a.country = address ->> 'country' and a.phone is not distinct from address ->> 'phone';
  if not found then
    insert into public.addresses (user_id, full_name, line1, line2, postcode, city, country, phone)
    values (uid, address ->> 'full_name', address ->> 'line1', address ->> 'line2', address ->> 'postcode',
            address ->> 'city', address ->> 'country', address ->> 'phone');
  end if;

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

revoke execute on function public.place_order(uuid, jsonb) from public, anon;
grant execute on function public.place_order(uuid, jsonb) to authenticated;
grant execute on function public.delivery_problems(jsonb), public.clean_delivery(jsonb) to anon, authenticated, service_role;

-- The receipt shows where the order goes.
create or replace function public.claim_order_notifications(order_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.orders;
  recipient text;
  claimed jsonb;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.order_notifications:' || claim_order_notifications.order_id, 0));
  select * into target from public.orders o where o.id = claim_order_notifications.order_id;
  if target.id is null then
    return null;
  end if;
  select u.email into recipient from auth.users u where u.id = target.user_id;

  if not exists (
    select 1 from private.order_notifications n where n.order_id = target.id and n.state = 'pending' and n.claimed_until > now()
  ) then
    update private.order_notifications n set state = 'skipped', claimed_until = null
    where n.order_id = target.id and n.state = 'pending'
      and (recipient is null or (n.kind = 'receipt' and target.status = 'cancelled'));
    with due as (
      update private.order_notifications n set attempts = n.attempts + 1, claimed_until = now() + interval '2 minutes'
      where n.order_id = target.id and n.state = 'pending' and (n.attempts = 0 or n.next_attempt_at <= now())
      returning n.id, n.kind
    )
    select jsonb_agg(jsonb_build_object('id', due.id, 'kind', due.kind) order by due.id) into claimed from due;
  end if;

  return jsonb_build_object(
    'order_id', target.id,
    'status', target.status,
    'currency', target.currency,
    'total_cents', target.total_cents,
    'created_at', target.created_at,
    'email', recipient,
    'delivery', target.delivery,
    'lines', (
      select coalesce(jsonb_agg(jsonb_build_object('title', oi.title, 'unit_price_cents', oi.unit_price_cents, 'quantity', oi.quantity) order by oi.id), '[]')
      from public.order_items oi where oi.order_id = target.id),
    'notifications', coalesce(claimed, '[]'));
end;
$$;

