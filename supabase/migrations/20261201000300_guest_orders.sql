-- Guests order without an account. At checkout the app signs the guest in anonymously (an auth.users
-- row with is_anonymous, role authenticated), so the order, its lines and the address belong to
-- that user under the same RLS as everyone's. The guest gives an e-mail for the receipt; the order
-- keeps it. Signing up from that session keeps the user id, so nothing moves; signing in to an
-- existing account hands the guest's orders over through a one-time transfer token (below).
--
-- Customers never see internal ids: each order gets a public reference that says nothing about how
-- many orders exist, and a secret access key, so the receipt's link opens the order on any device.

-- ── Public reference and link key ───────────────────────────────────────────────────────────────
-- Eight characters of Crockford's base 32 (no I, L, O, U: nothing to misread on a phone call), as
-- two groups of four: 40 random bits. The bytes come from gen_random_uuid (core Postgres, no
-- pgcrypto); bytes 6 and 8 carry the UUID's version and variant bits, so they are skipped.
create function private.new_order_reference() returns text
language sql
volatile
set search_path = ''
as $$
  with bytes as (select uuid_send(gen_random_uuid()) as b),
  drawn as (
    select string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', get_byte(b, position) % 32 + 1, 1), '' order by ordinal) as raw
    from bytes, unnest(array[0, 1, 2, 3, 4, 5, 10, 11]) with ordinality as picked(position, ordinal)
  )
  select substr(raw, 1, 4) || '-' || substr(raw, 5, 4) from drawn
$$;

-- A volatile default is computed per existing row while the column is added, so old orders get
-- their own references without an UPDATE (which would fire the orders' triggers and webhooks).
alter table public.orders
  add column reference text not null default private.new_order_reference()
    check (reference ~ '^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$'),
  add column access_key uuid not null default gen_random_uuid(),
  add column contact_email text check (contact_email is null or (length(contact_email) <= 254 and contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'));

create unique index orders_reference_key on public.orders (reference);

comment on column public.orders.reference is
  'What customers see and type (e.g. 7K3Q-9XPD): random, so it reveals nothing about order volume. The id stays internal.';
comment on column public.orders.access_key is
  'The secret in the receipt''s link: with the reference it opens the order on any device (order_by_link).';
comment on column public.orders.contact_email is
  'Where the order''s mails go when its owner has no account e-mail (a guest); the account''s address otherwise.';

-- ── Checking an e-mail address the way the app does ─────────────────────────────────────────────
create function public.contact_email_problem(email text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when nullif(btrim(coalesce(email, '')), '') is null then 'Enter the e-mail address for your receipt.'
    when length(btrim(email)) > 254 then 'The e-mail address is longer than 254 characters.'
    when btrim(email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then 'Enter an e-mail address such as name@example.com.'
  end
$$;

grant execute on function public.contact_email_problem(text) to anon, authenticated, service_role;

-- ── Placing an order, for customers and guests ──────────────────────────────────────────────────
drop function public.place_order(uuid, jsonb);

-- As before (…_delivery_details.sql), and now:
-- * a guest (anonymous user) must give `contact_email`, checked with the delivery details; an
--   account's order keeps the account's address instead;
-- * a guest sends the cart kept in the browser as `lines` ([{item_id, quantity}], at most 100):
--   it replaces the guest's cart in the same transaction, and whatever is no longer on sale or
--   short of stock is reported as `stock_changed`, as for a cart held in the database;
-- * the answer carries the order's public reference.
create function public.place_order(idempotency_key uuid, delivery jsonb, contact_email text default null, lines jsonb default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  caller auth.users;
  line record;
  changes jsonb := '[]';
  existing public.orders;
  new_order public.orders;
  total integer := 0;
  line_count integer := 0;
  order_currency text;
  problems jsonb;
  address jsonb;
  email_problem text;
  receipt_email text;
begin
  if uid is null then
    raise exception 'Sign in to place an order.' using errcode = '42501';
  end if;
  select * into caller from auth.users u where u.id = uid;
  if caller.id is null then
    raise exception 'Sign in to place an order.' using errcode = '42501';
  end if;
  if place_order.idempotency_key is null then
    raise exception 'Each checkout attempt needs its own idempotency_key.' using errcode = '22023';
  end if;
  if place_order.lines is not null and not caller.is_anonymous then
    raise exception 'Only a guest checkout sends its lines; an account orders its cart.' using errcode = '22023';
  end if;
  if place_order.lines is not null and (jsonb_typeof(place_order.lines) is distinct from 'array' or jsonb_array_length(place_order.lines) > 100) then
    raise exception 'lines must be an array of at most 100 {item_id, quantity} objects' using errcode = '22023';
  end if;

  problems := public.delivery_problems(place_order.delivery);
  if caller.is_anonymous then
    email_problem := public.contact_email_problem(place_order.contact_email);
    if email_problem is not null then
      problems := problems || jsonb_build_object('email', email_problem);
    end if;
    receipt_email := lower(btrim(place_order.contact_email));
  else
    receipt_email := caller.email;
  end if;
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
      'status', 'placed', 'order_id', existing.id, 'reference', existing.reference, 'total_cents', existing.total_cents,
      'currency', existing.currency, 'replayed', true);
  end if;

  if place_order.lines is not null then
    -- The browser's cart becomes the guest's cart, as much of it as can still be had; the rest is
    -- reported so the browser can show and apply it.
    delete from public.cart_items c where c.user_id = uid;
    -- Locked in id order, as below, so the stock read here is the stock the order takes.
    perform 1 from public.items i
    where i.id in (select (value ->> 'item_id')::bigint from jsonb_array_elements(place_order.lines) where jsonb_typeof(value -> 'item_id') = 'number')
    order by i.id
    for update;
    for line in
      select wanted.item_id, wanted.quantity, i.title, i.on_sale, i.stock
      from (
        select (value ->> 'item_id')::bigint as item_id, max(least(99, (value ->> 'quantity')::integer)) as quantity
        from jsonb_array_elements(place_order.lines)
        where jsonb_typeof(value -> 'item_id') = 'number' and jsonb_typeof(value -> 'quantity') = 'number'
        group by 1
      ) as wanted
      left join public.items i on i.id = wanted.item_id
      where wanted.quantity >= 1
      order by wanted.item_id
    loop
      if line.title is null or not line.on_sale or line.stock < line.quantity then
        changes := changes || jsonb_build_object(
          'item_id', line.item_id, 'title', coalesce(line.title, 'An item'), 'requested', line.quantity,
          'available', case when line.on_sale then line.stock else 0 end);
      end if;
      if line.on_sale and least(line.quantity, line.stock) > 0 then
        insert into public.cart_items (user_id, item_id, quantity) values (uid, line.item_id, least(line.quantity, line.stock));
      end if;
    end loop;
    if jsonb_array_length(changes) > 0 then
      return jsonb_build_object('status', 'stock_changed', 'changes', changes);
    end if;
  end if;

  for line in
    select c.item_id, c.quantity, i.title, i.stock, i.price_cents, i.currency
    from public.cart_items c
    join public.items i on i.id = c.item_id
    where c.user_id = uid
    order by c.item_id
    for update of i, c
  loop
    line_count := line_count + 1;
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

  if line_count = 0 then
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

  -- The reference is random: a clash with an earlier order (about one in a trillion per pair) only
  -- makes this attempt fail, and the app's retry with the same key draws a new one.
  insert into public.orders (user_id, currency, total_cents, item_count, idempotency_key, delivery, contact_email)
  select uid, order_currency, total, sum(c.quantity), place_order.idempotency_key, address, receipt_email
  from public.cart_items c where c.user_id = uid
  returning * into new_order;

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
  select new_order.id, i.id, i.title, i.price_cents, c.quantity
  from public.cart_items c join public.items i on i.id = c.item_id
  where c.user_id = uid;

  update public.items i set stock = i.stock - c.quantity
  from public.cart_items c
  where c.user_id = uid and c.item_id = i.id;

  delete from public.cart_items c where c.user_id = uid;

  return jsonb_build_object(
    'status', 'placed', 'order_id', new_order.id, 'reference', new_order.reference, 'total_cents', total,
    'currency', order_currency, 'replayed', false);
end;
$$;

revoke execute on function public.place_order(uuid, jsonb, text, jsonb) from public, anon;
grant execute on function public.place_order(uuid, jsonb, text, jsonb) to authenticated;

-- ── The receipt's link ──────────────────────────────────────────────────────────────────────────
-- The order as its page shows it, for whoever holds the link (no session needed: the link may be
-- opened on another device). Both parts must match; a wrong key answers exactly as an unknown
-- reference does, so the answer says nothing about which references exist.
create function public.order_by_link(reference text, access_key uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', o.reference,
    'status', o.status,
    'currency', o.currency,
    'total_cents', o.total_cents,
    'item_count', o.item_count,
    'created_at', o.created_at,
    'confirmed_at', o.confirmed_at,
    'cancelled_at', o.cancelled_at,
    'delivery', o.delivery,
    'contact_email', o.contact_email,
    'order_items', (
      select coalesce(jsonb_agg(jsonb_build_object('item_id', oi.item_id, 'title', oi.title, 'unit_price_cents', oi.unit_price_cents, 'quantity', oi.quantity) order by oi.id), '[]')
      from public.order_items oi where oi.order_id = o.id))
  from public.orders o
  where o.reference = upper(btrim(order_by_link.reference)) and o.access_key = order_by_link.access_key
$$;

revoke execute on function public.order_by_link(text, uuid) from public;
grant execute on function public.order_by_link(text, uuid) to anon, authenticated, service_role;

-- ── A guest signing in to an existing account ───────────────────────────────────────────────────
-- The guest session asks for a one-time token (only its holder can), signs in, and the account
-- redeems the token: the guest's orders, addresses, cart and saved items move to the account and
-- the guest user is removed. Only a hash of the token is stored; it lasts an hour.
create table private.guest_transfers (
  token_hash text primary key,
  guest_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null default now() + interval '1 hour'
);

create index guest_transfers_guest_id_idx on private.guest_transfers (guest_id);

create function public.begin_guest_transfer() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
begin
  if uid is null or not exists (select 1 from auth.users u where u.id = uid and u.is_anonymous) then
    raise exception 'Only a guest session can hand its orders to an account.' using errcode = '42501';
  end if;
  delete from private.guest_transfers t where t.expires_at < now() or t.guest_id = uid;
  insert into private.guest_transfers (token_hash, guest_id)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), uid);
  return token;
end;
$$;

create function public.finish_guest_transfer(token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  guest uuid;
  moved_orders integer;
begin
  if uid is null or not exists (select 1 from auth.users u where u.id = uid and not u.is_anonymous) then
    raise exception 'Sign in to an account to take over a guest''s orders.' using errcode = '42501';
  end if;
  delete from private.guest_transfers t
  where t.token_hash = encode(sha256(convert_to(coalesce(finish_guest_transfer.token, ''), 'UTF8')), 'hex') and t.expires_at >= now()
  returning t.guest_id into guest;
  if guest is null then
    raise exception 'This guest session was already handed over or has expired.' using errcode = 'P0002';
  end if;
  if guest = uid then
    return jsonb_build_object('orders', 0);
  end if;

  -- Neither side places an order meanwhile (the same lock place_order takes), in a fixed order.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('public.place_order:' || least(uid, guest)::text, 0));
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('public.place_order:' || greatest(uid, guest)::text, 0));

  update public.orders o set user_id = uid where o.user_id = guest;
  get diagnostics moved_orders = row_count;

  insert into public.addresses (user_id, full_name, line1, line2, postcode, city, country, phone, created_at, last_used_at)
  select uid, a.full_name, a.line1, a.line2, a.postcode, a.city, a.country, a.phone, a.created_at, a.last_used_at
  from public.addresses a
  where a.user_id = guest and not exists (
    select 1 from public.addresses mine
    where mine.user_id = uid and mine.full_name = a.full_name and mine.line1 = a.line1 and mine.line2 is not distinct from a.line2
      and mine.postcode = a.postcode and mine.city = a.city and mine.country = a.country and mine.phone is not distinct from a.phone);

  insert into public.cart_items (user_id, item_id, quantity)
  select uid, c.item_id, least(c.quantity, i.stock, 99)
  from public.cart_items c join public.items i on i.id = c.item_id
  where c.user_id = guest and i.on_sale and i.stock > 0
  on conflict (user_id, item_id) do nothing;

  -- Up to the 200 a list holds (its trigger would refuse the whole hand-over past that).
  insert into public.saved_items (user_id, item_id, created_at)
  select uid, s.item_id, s.created_at from public.saved_items s
  where s.user_id = guest and not exists (select 1 from public.saved_items mine where mine.user_id = uid and mine.item_id = s.item_id)
  order by s.created_at desc
  limit greatest(0, 200 - (select count(*) from public.saved_items mine where mine.user_id = uid));

  -- The guest user is done with: its sessions, cart and saved items go with it.
  delete from auth.users u where u.id = guest and u.is_anonymous;
  return jsonb_build_object('orders', moved_orders);
end;
$$;

revoke execute on function public.begin_guest_transfer(), public.finish_guest_transfer(text) from public, anon;
grant execute on function public.begin_guest_transfer(), public.finish_guest_transfer(text) to authenticated;

-- ── Mails go to the guest's address, with the order's link ──────────────────────────────────────
-- As before (…_delivery_details.sql), with the recipient taken from the account or, for a guest,
-- the address given at checkout, and the reference and link key for the mail's link.
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
  select case when u.is_anonymous or nullif(u.email, '') is null then target.contact_email else u.email end
  into recipient from auth.users u where u.id = target.user_id;

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
    'reference', target.reference,
    'access_key', target.access_key,
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
