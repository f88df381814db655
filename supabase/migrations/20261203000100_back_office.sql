-- The back office a small shop runs a working day on: every order findable (search, filters, paging,
-- each order's history and customer), carriers and tracking numbers on shipping, returns of
-- delivered orders with their stock, the day's figures, low-stock alerts and an export for the
-- accountant. As everywhere, the rules live here: the functions check the caller's permission, the
-- state machine refuses anything out of order, and stock still equals the sum of its movements.

-- ── The shop's clock ───────────────────────────────────────────────────────────────────────────
-- "Today" and an export's dates are the shop's, not the server's (UTC on hosted projects).
-- Only the IANA names browsers know too: PostgreSQL would also take POSIX rules such as
-- 'GMT+5', which it reads as five hours west of Greenwich, the opposite of what it seems to say.
create function private.is_time_zone(name text) returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = is_time_zone.name)
$$;

alter table public.store_profile add column time_zone text not null default 'Europe/Dublin'
  check (length(time_zone) <= 64 and private.is_time_zone(time_zone));
comment on column public.store_profile.time_zone is 'The shop''s time zone (IANA name): where its days start for the overview and the export.';

create function private.store_time_zone() returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select p.time_zone from public.store_profile p where p.id = 1), 'UTC')
$$;

-- ── Carriers and tracking numbers ──────────────────────────────────────────────────────────────
create table public.carriers (
  code text primary key check (code ~ '^[a-z0-9-]{2,30}$'),
  name text not null check (length(btrim(name)) between 1 and 60),
  -- Where a parcel is followed: {tracking_number} stands for the number. Null for carriers
  -- without a public tracking page (the shop's own van).
  tracking_url text check (tracking_url is null or (tracking_url ~ '^https://' and position('{tracking_number}' in tracking_url) > 0)),
  sort_order integer not null default 0
);
comment on table public.carriers is 'Who delivers parcels, and where their tracking numbers are followed.';

alter table public.carriers enable row level security;
revoke all on public.carriers from anon, authenticated;
grant select on public.carriers to anon, authenticated;
grant all on public.carriers to service_role;
create policy "Anyone can read the carriers" on public.carriers for select to anon, authenticated using (true);

insert into public.carriers (code, name, tracking_url, sort_order) values
  ('an-post', 'An Post', 'https://www.anpost.com/Post-Parcels/Track/History?item={tracking_number}', 10),
  ('dpd', 'DPD', 'https://www.dpd.ie/tracking?parcelNumber={tracking_number}', 20),
  ('dhl', 'DHL', 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id={tracking_number}', 30),
  ('gls', 'GLS', 'https://gls-group.com/track/{tracking_number}', 40),
  ('ups', 'UPS', 'https://www.ups.com/track?tracknum={tracking_number}', 50),
  ('fedex', 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr={tracking_number}', 60),
  ('royal-mail', 'Royal Mail', 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking_number}', 70),
  ('postnl', 'PostNL', 'https://jouw.postnl.nl/track-and-trace/{tracking_number}', 80),
  ('own-delivery', 'Our own delivery', null, 90),
  ('other', 'Another carrier', null, 100);

alter table public.orders
  add column carrier text references public.carriers (code),
  -- Letters, digits, spaces and dashes, as carriers print them; 3 to 40 characters.
  add column tracking_number text check (tracking_number is null or tracking_number ~ '^[A-Za-z0-9][A-Za-z0-9 -]{1,38}[A-Za-z0-9]$'),
  -- The carrier's page for this parcel, kept as it was when the order was shipped.
  add column tracking_url text check (tracking_url is null or tracking_url ~ '^https://'),
  add column returned_at timestamptz,
  add constraint orders_tracking_needs_carrier check (tracking_number is null or carrier is not null);

-- ── Returns ────────────────────────────────────────────────────────────────────────────────────
alter table public.orders drop constraint orders_status_check;
alter table public.orders add constraint orders_status_check
  check (status in ('placed', 'confirmed', 'packed', 'shipped', 'delivered', 'returned', 'cancelled'));
comment on table public.orders is
  'Order requests. placed → confirmed (receipt sent) → packed → shipped → delivered → returned (once every line is back); '
  'placed, confirmed or packed → cancelled (stock restored).';

alter table public.order_items add column returned_quantity integer not null default 0;
alter table public.order_items add constraint order_items_returned_quantity_check check (returned_quantity between 0 and quantity);

create table public.order_returns (
  id bigint generated always as identity primary key,
  order_id bigint not null references public.orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Who recorded it. No foreign key: history keeps who it was after the account is gone.
  actor uuid,
  actor_email text,
  -- Whether the returned items went back into stock (false: damaged, written off).
  restock boolean not null,
  note text check (note is null or length(note) <= 500),
  refund_cents integer not null check (refund_cents >= 0),
  -- The lines as returned: [{order_item_id, item_id, title, quantity, unit_price_cents}].
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 200)
);
comment on table public.order_returns is 'What came back of a delivered order, recorded by staff with record_return.';
create index order_returns_order_id_idx on public.order_returns (order_id, id);
create index order_returns_created_at_idx on public.order_returns (created_at);

alter table public.order_returns enable row level security;
revoke all on public.order_returns from anon, authenticated;
grant select on public.order_returns to authenticated;
grant all on public.order_returns to service_role;
create policy "Customers read the returns of their own orders" on public.order_returns for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())));
create policy "Staff read every return" on public.order_returns for select to authenticated
  using ((select public.authorize('orders.manage')));

-- Staff record a return of some or all of a delivered order's lines. The returned items go back
-- into stock through the stock ledger (reason 'return', the order named) unless they are written
-- off; the order becomes returned once every line is back; the customer is mailed (below).
create function public.record_return(order_id bigint, lines jsonb, restock boolean default true, note text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.orders;
  requested record;
  line public.order_items;
  returned jsonb := '[]';
  refund integer := 0;
  new_return bigint;
  next_status text;
  kept_note text := nullif(btrim(note), '');
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can record returns.' using errcode = '42501';
  end if;
  if jsonb_typeof(lines) is distinct from 'array' or jsonb_array_length(lines) not between 1 and 200 then
    raise exception 'Choose at least one line to return.' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(lines) l
    where case when jsonb_typeof(l) = 'object' and jsonb_typeof(l -> 'order_item_id') = 'number' and jsonb_typeof(l -> 'quantity') = 'number'
                    and (l ->> 'quantity') ~ '^[0-9]{1,6}$' and (l ->> 'order_item_id') ~ '^[0-9]{1,18}$'
               then (l ->> 'quantity')::integer < 1 else true end
  ) then
    raise exception 'Each line needs an order_item_id and a quantity of at least 1.' using errcode = '22023';
  end if;
  if (select count(distinct l ->> 'order_item_id') from jsonb_array_elements(lines) l) <> jsonb_array_length(lines) then
    raise exception 'Name each line once.' using errcode = '22023';
  end if;
  if restock is null then
    raise exception 'Say whether the items go back into stock.' using errcode = '22023';
  end if;
  if note is not null and length(note) > 500 then
    raise exception 'Use at most 500 characters for the note.' using errcode = '22023';
  end if;

  select * into target from public.orders o where o.id = record_return.order_id for update;
  if target.id is null then
    raise exception 'Order % was not found.', record_return.order_id using errcode = 'P0001';
  end if;
  if target.status <> 'delivered' then
    raise exception 'Order % is %: only a delivered order can be returned.', target.id, target.status using errcode = 'P0001';
  end if;

  for requested in
    select (l ->> 'order_item_id')::bigint as order_item_id, (l ->> 'quantity')::integer as quantity
    from jsonb_array_elements(lines) l order by 1
  loop
    select * into line from public.order_items oi where oi.id = requested.order_item_id and oi.order_id = target.id for update;
    if not found then
      raise exception 'Order % has no line %.', target.id, requested.order_item_id using errcode = 'P0001';
    end if;
    if requested.quantity > line.quantity - line.returned_quantity then
      raise exception '%', case when line.quantity = line.returned_quantity then format('Every %s of order %s has already been returned.', line.title, target.id)
                                else format('Only %s of %s can still be returned.', line.quantity - line.returned_quantity, line.title) end
        using errcode = 'P0001';
    end if;
    update public.order_items oi set returned_quantity = oi.returned_quantity + requested.quantity where oi.id = line.id;
    refund := refund + requested.quantity * line.unit_price_cents;
    returned := returned || jsonb_build_object('order_item_id', line.id, 'item_id', line.item_id, 'title', line.title,
      'quantity', requested.quantity, 'unit_price_cents', line.unit_price_cents);
  end loop;

  if restock then
    -- Locked in id order, as place_order and cancellations lock them.
    perform set_config('lumen.stock_reason', 'return', true), set_config('lumen.stock_order', target.id::text, true),
      set_config('lumen.stock_note', coalesce(kept_note, ''), true);
    perform 1 from public.items i
    where i.id in (select (r ->> 'item_id')::bigint from jsonb_array_elements(returned) r)
    order by i.id
    for update;
    update public.items i set stock = i.stock + r.quantity
    from (select (r ->> 'item_id')::bigint as item_id, sum((r ->> 'quantity')::integer) as quantity
          from jsonb_array_elements(returned) r group by 1) r
    where i.id = r.item_id;
  end if;

  insert into public.order_returns (order_id, actor, actor_email, restock, note, refund_cents, lines)
  values (target.id, (select auth.uid()), (select auth.jwt() ->> 'email'), restock, kept_note, refund, returned)
  returning id into new_return;

  next_status := case when exists (select 1 from public.order_items oi where oi.order_id = target.id and oi.returned_quantity < oi.quantity)
                      then 'delivered' else 'returned' end;
  if next_status = 'returned' then
    update public.orders o set status = 'returned', returned_at = now() where o.id = target.id;
  end if;
  return jsonb_build_object('return_id', new_return, 'order_id', target.id, 'status', next_status, 'refund_cents', refund);
end;
$$;
revoke execute on function public.record_return(bigint, jsonb, boolean, text) from public, anon;
grant execute on function public.record_return(bigint, jsonb, boolean, text) to authenticated;

-- ── Shipping with the parcel's carrier and number ──────────────────────────────────────────────
-- A packed order becomes shipped, with who carries it and, where there is one, its tracking
-- number; the tracking link is the carrier's page for that number.
create function public.ship_order(order_id bigint, carrier text, tracking_number text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.orders;
  chosen public.carriers;
  number text := nullif(upper(regexp_replace(btrim(coalesce(tracking_number, '')), '\s+', ' ', 'g')), '');
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can move orders along.' using errcode = '42501';
  end if;
  select * into chosen from public.carriers c where c.code = ship_order.carrier;
  if chosen.code is null then
    raise exception 'Choose who carries the parcel.' using errcode = '22023';
  end if;
  if number is not null and number !~ '^[A-Z0-9][A-Z0-9 -]{1,38}[A-Z0-9]$' then
    raise exception 'A tracking number is 3 to 40 letters, digits, spaces or dashes.' using errcode = '22023';
  end if;
  select * into target from public.orders o where o.id = ship_order.order_id for update;
  if target.id is null then
    raise exception 'Order % was not found.', ship_order.order_id using errcode = 'P0001';
  end if;
  if target.status <> 'packed' then
    raise exception 'Order % is %: it cannot become shipped.', target.id, target.status
      using errcode = 'P0001', hint = 'Only a packed order is shipped.';
  end if;
  update public.orders o set
    status = 'shipped',
    shipped_at = now(),
    carrier = chosen.code,
    tracking_number = number,
    tracking_url = case when number is not null and chosen.tracking_url is not null
                        then replace(chosen.tracking_url, '{tracking_number}', replace(number, ' ', '')) end
  where o.id = target.id;
  return jsonb_build_object('order_id', target.id, 'status', 'shipped', 'carrier', chosen.code, 'tracking_number', number);
end;
$$;
revoke execute on function public.ship_order(bigint, text, text) from public, anon;
grant execute on function public.ship_order(bigint, text, text) to authenticated;

-- As before (…_stock_and_order_flow.sql), saying what follows a delivered order.
create or replace function public.set_order_status(order_id bigint, status text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.orders;
  allowed text[];
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can move orders along.' using errcode = '42501';
  end if;
  select * into target from public.orders o where o.id = set_order_status.order_id for update;
  if target.id is null then
    raise exception 'Order % was not found.', set_order_status.order_id using errcode = 'P0001';
  end if;
  allowed := case target.status
    when 'placed' then array['cancelled']
    when 'confirmed' then array['packed', 'cancelled']
    when 'packed' then array['shipped', 'cancelled']
    when 'shipped' then array['delivered']
    else array[]::text[]
  end;
  if set_order_status.status is null or not (set_order_status.status = any (allowed)) then
    raise exception 'Order % is %: it cannot become %.', target.id, target.status, coalesce(set_order_status.status, 'nothing')
      using errcode = 'P0001',
            hint = case when target.status = 'delivered' then 'Record a return of its lines instead.'
                        when cardinality(allowed) = 0 then 'Nothing follows this status.'
                        else 'It can become ' || array_to_string(allowed, ' or ') || '.' end;
  end if;
  if set_order_status.status = 'cancelled' then
    perform private.restore_order_stock(target.id);
  end if;
  update public.orders o set
    status = set_order_status.status,
    packed_at = case when set_order_status.status = 'packed' then now() else o.packed_at end,
    shipped_at = case when set_order_status.status = 'shipped' then now() else o.shipped_at end,
    delivered_at = case when set_order_status.status = 'delivered' then now() else o.delivered_at end,
    cancelled_at = case when set_order_status.status = 'cancelled' then now() else o.cancelled_at end
  where o.id = target.id;
  return jsonb_build_object('order_id', target.id, 'status', set_order_status.status);
end;
$$;

-- ── The audit log says why stock changed, and records returns ──────────────────────────────────
alter table public.audit_log add column context jsonb check (context is null or jsonb_typeof(context) = 'object');
comment on column public.audit_log.context is 'Why, where the row does not say: a stock change''s stock_reason and stock_note.';

-- As before (…_store_admin.sql), with a stock change's reason and note in `context`.
create or replace function private.audit_staff_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_before jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) - 'search_vector' end;
  row_after jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) - 'search_vector' end;
  why jsonb;
begin
  if (select auth.jwt() ->> 'user_role') is null then
    return null;
  end if;
  -- What a member of staff does as a customer is not a staff change: their own purchase or
  -- cancellation moves stock (recorded in stock_movements) and their own order's status.
  if current_setting('lumen.stock_reason', true) in ('sale', 'cancellation') and tg_table_name = 'items'
     and (row_before - 'stock' - 'low_stock' - 'updated_at') = (row_after - 'stock' - 'low_stock' - 'updated_at') then
    return null;
  end if;
  -- (Their own order moved on the board is skipped too: it cannot be told apart from cancelling it.)
  if tg_table_name = 'orders' and (row_after ->> 'user_id') = (select auth.uid())::text then
    return null;
  end if;
  if tg_table_name = 'items' and (row_before -> 'stock') is distinct from (row_after -> 'stock') then
    why := nullif(jsonb_strip_nulls(jsonb_build_object(
      'stock_reason', nullif(current_setting('lumen.stock_reason', true), ''),
      'stock_note', nullif(current_setting('lumen.stock_note', true), ''))), '{}');
  end if;
  insert into public.audit_log (actor, actor_email, action, entity, entity_id, before, after, context)
  values ((select auth.uid()), (select auth.jwt() ->> 'email'), lower(tg_op), tg_table_name,
          coalesce(row_after ->> 'id', row_before ->> 'id'), row_before, row_after, why);
  return null;
end;
$$;

create trigger order_returns_audit after insert on public.order_returns
for each row execute function private.audit_staff_change();

-- ── The customer is mailed about each return ───────────────────────────────────────────────────
-- One notification per return (an order may come back in parts), the others stay one per order
-- and kind.
alter table private.order_notifications drop constraint order_notifications_kind_check;
alter table private.order_notifications add constraint order_notifications_kind_check
  check (kind in ('receipt', 'cancellation', 'shipped', 'delivered', 'return'));
alter table private.order_notifications add column return_id bigint references public.order_returns (id) on delete cascade;
alter table private.order_notifications add constraint order_notifications_return_id_check check ((kind = 'return') = (return_id is not null));
alter table private.order_notifications drop constraint order_notifications_order_id_kind_key;
create unique index order_notifications_order_kind_key on private.order_notifications (order_id, kind) where kind <> 'return';
create unique index order_notifications_return_key on private.order_notifications (return_id) where return_id is not null;

create function private.queue_return_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.order_notifications (order_id, kind, return_id) values (new.order_id, 'return', new.id);
  return null;
end;
$$;
revoke all on function private.queue_return_notification() from public;

create trigger order_returns_queue_notification after insert on public.order_returns
for each row execute function private.queue_return_notification();

-- The Database Webhook of an edge function: as call_order_confirmation (…_order_webhook_secret.sql),
-- which it replaces, but for the function named in the trigger's argument (order-confirmation,
-- stock-alert); the same shared secret, read from Vault when it fires, proves the caller.
create function private.call_edge_function_webhook() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text;
  secret text;
  headers jsonb := '{"Content-Type": "application/json"}';
  request_id bigint;
begin
  select rtrim(max(s.decrypted_secret) filter (where s.name = 'project_url'), '/'),
         max(s.decrypted_secret) filter (where s.name = 'order_webhook_secret')
    into base, secret
  from vault.decrypted_secrets s
  where s.name in ('project_url', 'order_webhook_secret');
  if base is null or base = '' then
    raise warning 'webhook %: Vault has no secret named project_url, so % was not called', tg_name, tg_argv[0];
    return null;
  end if;
  if secret is not null and secret <> '' then
    headers := headers || jsonb_build_object('x-webhook-secret', secret);
  end if;
  request_id := net.http_post(
    url := base || '/functions/v1/' || tg_argv[0],
    body := jsonb_build_object('old_record', old, 'record', new, 'type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema),
    params := '{}'::jsonb,
    headers := headers,
    timeout_milliseconds := 5000
  );
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id) values (tg_relid, tg_name, request_id);
  return null;
end;
$$;
revoke all on function private.call_edge_function_webhook() from public;

-- The order webhooks as before, through the one trigger function, plus the return's: the
-- notification itself (order-confirmation reads order_id from it).
create or replace function private.install_order_webhooks() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  drop trigger if exists order_confirmation_webhook on public.orders;
  drop trigger if exists order_cancellation_webhook on public.orders;
  drop trigger if exists order_shipping_webhook on public.orders;
  drop trigger if exists order_notification_retry_webhook on private.order_notifications;
  drop trigger if exists order_return_webhook on private.order_notifications;
  create trigger order_confirmation_webhook after insert on public.orders
    for each row execute function private.call_edge_function_webhook('order-confirmation');
  create trigger order_cancellation_webhook after update of status on public.orders
    for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
    execute function private.call_edge_function_webhook('order-confirmation');
  create trigger order_shipping_webhook after update of status on public.orders
    for each row when (new.status in ('shipped', 'delivered') and old.status is distinct from new.status)
    execute function private.call_edge_function_webhook('order-confirmation');
  create trigger order_notification_retry_webhook after update of retry_requested_at on private.order_notifications
    for each row when (new.retry_requested_at is distinct from old.retry_requested_at)
    execute function private.call_edge_function_webhook('order-confirmation');
  create trigger order_return_webhook after insert on private.order_notifications
    for each row when (new.kind = 'return')
    execute function private.call_edge_function_webhook('order-confirmation');
end;
$$;

select private.install_order_webhooks();
drop function private.call_order_confirmation();


-- As before (…_guest_orders.sql), plus what the shipped and return mails show: the carrier and
-- tracking link, and each return with its lines; a claimed return names its return.
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
      returning n.id, n.kind, n.return_id
    )
    select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('id', due.id, 'kind', due.kind, 'return_id', due.return_id)) order by due.id)
    into claimed from due;
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
    'carrier', (select c.name from public.carriers c where c.code = target.carrier),
    'carrier_code', target.carrier,
    'tracking_number', target.tracking_number,
    'tracking_url', target.tracking_url,
    'lines', (
      select coalesce(jsonb_agg(jsonb_build_object('title', oi.title, 'unit_price_cents', oi.unit_price_cents, 'quantity', oi.quantity) order by oi.id), '[]')
      from public.order_items oi where oi.order_id = target.id),
    'returns', (
      select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'created_at', r.created_at, 'refund_cents', r.refund_cents,
        'lines', (select jsonb_agg(jsonb_build_object('title', l ->> 'title', 'quantity', (l ->> 'quantity')::integer,
                    'unit_price_cents', (l ->> 'unit_price_cents')::integer)) from jsonb_array_elements(r.lines) l)) order by r.id), '[]')
      from public.order_returns r where r.order_id = target.id),
    'notifications', coalesce(claimed, '[]'));
end;
$$;

-- The order through its link, as before (…_guest_orders.sql), with its shipping and returns.
create or replace function public.order_by_link(reference text, access_key uuid) returns jsonb
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
    'shipped_at', o.shipped_at,
    'delivered_at', o.delivered_at,
    'returned_at', o.returned_at,
    'delivery', o.delivery,
    'contact_email', o.contact_email,
    'carrier', (select jsonb_build_object('code', c.code, 'name', c.name) from public.carriers c where c.code = o.carrier),
    'tracking_number', o.tracking_number,
    'tracking_url', o.tracking_url,
    'order_items', (
      select coalesce(jsonb_agg(jsonb_build_object('item_id', oi.item_id, 'title', oi.title, 'unit_price_cents', oi.unit_price_cents,
        'quantity', oi.quantity, 'returned_quantity', oi.returned_quantity) order by oi.id), '[]')
      from public.order_items oi where oi.order_id = o.id),
    'order_returns', (
      select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'created_at', r.created_at, 'refund_cents', r.refund_cents, 'lines', r.lines) order by r.id), '[]')
      from public.order_returns r where r.order_id = o.id))
  from public.orders o
  where o.reference = upper(btrim(order_by_link.reference)) and o.access_key = order_by_link.access_key
$$;

-- ── Finding orders ─────────────────────────────────────────────────────────────────────────────
create index orders_created_at_idx on public.orders (created_at desc, id desc);

-- Who an order's customer is, as staff see them: the account's e-mail, or the address a guest gave;
-- the name from the profile, or the delivery's.
create function private.order_customer(target public.orders) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', target.user_id,
    'email', case when u.is_anonymous or nullif(u.email, '') is null then target.contact_email else u.email end,
    'name', coalesce(p.display_name, target.delivery ->> 'full_name'),
    'guest', coalesce(u.is_anonymous, false))
  from (select 1) one
  left join auth.users u on u.id = target.user_id
  left join public.profiles p on p.id = target.user_id
$$;
revoke all on function private.order_customer(public.orders) from public;

-- Where a day starts in the shop: from_date's first moment, to_date's last (both inclusive).
create function private.shop_day_start(day date) returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (day::timestamp) at time zone private.store_time_zone()
$$;

-- Every order, newest first, for staff: searched by number ("#12" or "12"), customer reference,
-- customer e-mail or name; filtered by statuses, the shop's days and one customer; paged.
create function public.search_orders(
  query text default '',
  statuses text[] default null,
  from_date date default null,
  to_date date default null,
  customer uuid default null,
  page integer default 1,
  page_size integer default 25
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  needle text := btrim(coalesce(query, ''));
  unknown_status text;
  number bigint;
  since timestamptz;
  until timestamptz;
  pattern text;
  total integer;
  rows jsonb;
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can search orders.' using errcode = '42501';
  end if;
  if length(needle) > 200 then
    raise exception 'the search text is longer than 200 characters' using errcode = '22023';
  end if;
  if page is null or page < 1 or page > 10000 then
    raise exception 'page must be between 1 and 10000' using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be between 1 and 100' using errcode = '22023';
  end if;
  if cardinality(statuses) > 7 then
    raise exception 'name each of the 7 statuses at most once' using errcode = '22023';
  end if;
  select s into unknown_status from unnest(statuses) s
  where s is null or s not in ('placed', 'confirmed', 'packed', 'shipped', 'delivered', 'returned', 'cancelled') limit 1;
  if found then
    raise exception 'unknown order status "%"', left(coalesce(unknown_status, 'null'), 40) using errcode = '22023',
      hint = 'Use placed, confirmed, packed, shipped, delivered, returned or cancelled.';
  end if;
  if from_date > to_date then
    raise exception 'the date range ends before it starts' using errcode = '22023';
  end if;

  -- Worked out once: a function of the shop's clock in the condition would be asked again per row.
  since := private.shop_day_start(from_date);
  until := private.shop_day_start(to_date + 1);
  if needle ~ '^#?[0-9]{1,15}$' then
    number := ltrim(needle, '#')::bigint;
  end if;
  pattern := '%' || replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  with matching as (
    select o.*, private.order_customer(o) as customer
    from public.orders o
    where (statuses is null or o.status = any (statuses))
      and (since is null or o.created_at >= since)
      and (until is null or o.created_at < until)
      and (search_orders.customer is null or o.user_id = search_orders.customer)
  ), found as (
    select m.* from matching m
    where needle = ''
       or m.id = number
       or m.reference = upper(needle)
       or (m.customer ->> 'email') ilike pattern
       or (m.customer ->> 'name') ilike pattern
       or (m.delivery ->> 'full_name') ilike pattern
  )
  select (select count(*) from found),
         (select coalesce(jsonb_agg(jsonb_build_object(
            'id', f.id, 'reference', f.reference, 'status', f.status, 'created_at', f.created_at,
            'total_cents', f.total_cents, 'currency', f.currency, 'item_count', f.item_count,
            'refunded_cents', (select coalesce(sum(r.refund_cents), 0) from public.order_returns r where r.order_id = f.id),
            'customer', f.customer) order by f.created_at desc, f.id desc), '[]')
          from (select * from found order by created_at desc, id desc offset (page - 1) * page_size limit page_size) f)
  into total, rows;
  return jsonb_build_object('total', total, 'page', page, 'page_size', page_size, 'orders', rows);
end;
$$;
revoke execute on function public.search_orders(text, text[], date, date, uuid, integer, integer) from public, anon;
grant execute on function public.search_orders(text, text[], date, date, uuid, integer, integer) to authenticated;

-- One order as staff handle it: its lines with what came back, its returns, its history (placed,
-- confirmed, every status change staff made with who and when from the audit log, each return,
-- a customer's own cancellation), its customer with their other orders, and where its mails stand.
create function public.admin_order(order_id bigint) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  target public.orders;
  customer jsonb;
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can open orders here.' using errcode = '42501';
  end if;
  select * into target from public.orders o where o.id = admin_order.order_id;
  if target.id is null then
    return null;
  end if;
  customer := private.order_customer(target);
  return jsonb_build_object(
    'id', target.id,
    'reference', target.reference,
    'status', target.status,
    'currency', target.currency,
    'total_cents', target.total_cents,
    'item_count', target.item_count,
    'created_at', target.created_at,
    'delivery', target.delivery,
    'carrier', (select jsonb_build_object('code', c.code, 'name', c.name) from public.carriers c where c.code = target.carrier),
    'tracking_number', target.tracking_number,
    'tracking_url', target.tracking_url,
    'customer', customer || jsonb_build_object(
      'order_count', (select count(*) from public.orders o where o.user_id = target.user_id),
      'other_orders', (
        select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'reference', o.reference, 'status', o.status, 'created_at', o.created_at,
          'total_cents', o.total_cents, 'currency', o.currency) order by o.created_at desc, o.id desc), '[]')
        from (select * from public.orders o where o.user_id = target.user_id and o.id <> target.id
              order by o.created_at desc, o.id desc limit 10) o)),
    'lines', (
      select coalesce(jsonb_agg(jsonb_build_object('id', oi.id, 'item_id', oi.item_id, 'title', oi.title, 'unit_price_cents', oi.unit_price_cents,
        'quantity', oi.quantity, 'returned_quantity', oi.returned_quantity, 'product_id', i.product_id) order by oi.id), '[]')
      from public.order_items oi left join public.items i on i.id = oi.item_id where oi.order_id = target.id),
    'returns', (
      select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'created_at', r.created_at, 'restock', r.restock, 'note', r.note,
        'refund_cents', r.refund_cents, 'lines', r.lines) order by r.id), '[]')
      from public.order_returns r where r.order_id = target.id),
    'history', (
      select coalesce(jsonb_agg(to_jsonb(h) order by h.at, h.seq), '[]') from (
        select target.created_at as at, 0 as seq, 'placed' as event, null::text as from_status, 'placed' as to_status,
               null::jsonb as actor, null::jsonb as details
        union all
        select target.confirmed_at, 1, 'confirmed', 'placed', 'confirmed', null, null where target.confirmed_at is not null
        union all
        select a.at, 3, 'status', a.before ->> 'status', a.after ->> 'status', private.staff_member(a.actor, a.actor_email),
               case when a.after ->> 'status' = 'shipped' then
                 jsonb_strip_nulls(jsonb_build_object('carrier', (select c.name from public.carriers c where c.code = a.after ->> 'carrier'),
                   'tracking_number', a.after ->> 'tracking_number', 'tracking_url', a.after ->> 'tracking_url')) end
        from public.audit_log a
        where a.entity = 'orders' and a.entity_id = target.id::text and a.action = 'update'
          and (a.before ->> 'status') is distinct from (a.after ->> 'status')
        union all
        -- Before the status change the same moment: the last return is what makes an order returned.
        select r.created_at, 2, 'return', null, null, private.staff_member(r.actor, r.actor_email),
               jsonb_build_object('return_id', r.id, 'refund_cents', r.refund_cents, 'restock', r.restock,
                 'quantity', (select sum((l ->> 'quantity')::integer) from jsonb_array_elements(r.lines) l))
        from public.order_returns r where r.order_id = target.id
        union all
        -- A cancellation no staff member made is the customer's own.
        select target.cancelled_at, 4, 'status', null, 'cancelled', null, jsonb_build_object('by', 'customer')
        where target.cancelled_at is not null and not exists (
          select 1 from public.audit_log a
          where a.entity = 'orders' and a.entity_id = target.id::text and a.after ->> 'status' = 'cancelled')
      ) h),
    'mails', (
      select coalesce(jsonb_agg(jsonb_build_object('kind', n.kind, 'state', n.state, 'sent_at', n.sent_at, 'attempts', n.attempts) order by n.id), '[]')
      from private.order_notifications n where n.order_id = target.id));
end;
$$;

-- A staff member as history names them: id, name (profile) and the e-mail their token carried
-- (kept after the account is gone); null for the system.
create function private.staff_member(member uuid, email text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when member is null then null else jsonb_build_object(
    'id', member,
    'name', (select p.display_name from public.profiles p where p.id = member),
    'email', coalesce(email, (select u.email from auth.users u where u.id = member))) end
$$;
revoke all on function private.staff_member(uuid, text) from public;

revoke execute on function public.admin_order(bigint) from public, anon;
grant execute on function public.admin_order(bigint) to authenticated;

-- A customer as staff see them: who, since when, how many orders worth how much (the orders
-- themselves: search_orders with customer). Null for someone who is no customer (no account, no orders).
create function public.admin_customer(customer uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  account auth.users;
  latest public.orders;
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can look customers up.' using errcode = '42501';
  end if;
  select * into account from auth.users u where u.id = admin_customer.customer;
  select * into latest from public.orders o where o.user_id = admin_customer.customer order by o.created_at desc, o.id desc limit 1;
  if account.id is null and latest.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'id', admin_customer.customer,
    'email', case when account.is_anonymous or nullif(account.email, '') is null then latest.contact_email else account.email end,
    'name', coalesce((select p.display_name from public.profiles p where p.id = admin_customer.customer), latest.delivery ->> 'full_name'),
    'guest', coalesce(account.is_anonymous, false),
    'since', account.created_at,
    'order_count', (select count(*) from public.orders o where o.user_id = admin_customer.customer),
    'order_value_cents', (select coalesce(sum(o.total_cents), 0) from public.orders o where o.user_id = admin_customer.customer and o.status <> 'cancelled'),
    'refunded_cents', (select coalesce(sum(r.refund_cents), 0) from public.order_returns r join public.orders o on o.id = r.order_id
                       where o.user_id = admin_customer.customer),
    'currency', coalesce(latest.currency, 'EUR'),
    'first_order_at', (select min(o.created_at) from public.orders o where o.user_id = admin_customer.customer),
    'last_order_at', latest.created_at);
end;
$$;
revoke execute on function public.admin_customer(uuid) from public, anon;
grant execute on function public.admin_customer(uuid) to authenticated;

-- ── Low stock ──────────────────────────────────────────────────────────────────────────────────
alter table public.items add column low_stock_threshold integer not null default 5 check (low_stock_threshold between 0 and 10000);
comment on column public.items.low_stock_threshold is 'At or under this many in stock, the variant is running low and staff are told once.';
alter table public.items add column low_stock boolean not null generated always as (stock <= low_stock_threshold) stored;
comment on column public.items.low_stock is 'stock <= low_stock_threshold, kept by the database (the admin filters on it).';
grant update (low_stock_threshold) on public.items to authenticated;
create index items_low_stock_idx on public.items (stock, id) where low_stock and on_sale;

create table private.stock_alerts (
  id bigint generated always as identity primary key,
  item_id bigint not null references public.items (id) on delete cascade,
  stock integer not null,
  threshold integer not null,
  created_at timestamptz not null default now(),
  state text not null default 'pending' check (state in ('pending', 'sent', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now() + interval '1 minute',
  claimed_until timestamptz,
  retry_requested_at timestamptz,
  last_error text,
  sent_at timestamptz
);
comment on table private.stock_alerts is
  'One per time a variant on sale crossed its low-stock threshold: pending until the stock-alert function has mailed the staff.';
create index stock_alerts_due_idx on private.stock_alerts (next_attempt_at) where state = 'pending';
create index stock_alerts_item_id_idx on private.stock_alerts (item_id, id);
alter table private.stock_alerts enable row level security;

-- A crossing is stock going from above the threshold to at or under it (a sale, damage, staff
-- raising the threshold over the stock). Staying low is no new crossing: the next alert for that
-- variant comes only after it was restocked above its threshold. Drafts and archived variants
-- are not sold, so nobody needs telling.
create function private.queue_stock_alert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.on_sale and new.stock <= new.low_stock_threshold and old.stock > old.low_stock_threshold then
    insert into private.stock_alerts (item_id, stock, threshold) values (new.id, new.stock, new.low_stock_threshold);
  end if;
  return null;
end;
$$;
revoke all on function private.queue_stock_alert() from public;

create trigger items_queue_stock_alert after update of stock, low_stock_threshold on public.items
for each row execute function private.queue_stock_alert();

create trigger stock_alert_webhook after insert on private.stock_alerts
for each row execute function private.call_edge_function_webhook('stock-alert');
create trigger stock_alert_retry_webhook after update of retry_requested_at on private.stock_alerts
for each row when (new.retry_requested_at is distinct from old.retry_requested_at)
execute function private.call_edge_function_webhook('stock-alert');

-- The stock-alert function (service role) takes an alert: null for an unknown one; otherwise the
-- variant as it is now, who to tell (every staff member allowed to change stock) and whether the
-- alert is claimed (false when it was sent already, or another sender holds it). An alert whose
-- variant is no longer low (restocked meanwhile) or no longer sold, or with nobody to tell, is skipped.
create function public.claim_stock_alert(alert_id bigint) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  alert private.stock_alerts;
  variant public.items;
  recipients jsonb;
  claimed boolean := false;
begin
  select * into alert from private.stock_alerts a where a.id = claim_stock_alert.alert_id for update;
  if alert.id is null then
    return null;
  end if;
  select * into variant from public.items i where i.id = alert.item_id;
  select coalesce(jsonb_agg(distinct u.email), '[]') into recipients
  from public.user_roles ur
  join public.role_permissions rp on rp.role = ur.role and rp.permission = 'stock.write'
  join auth.users u on u.id = ur.user_id
  where nullif(u.email, '') is not null;

  if alert.state = 'pending' and (alert.claimed_until is null or alert.claimed_until <= now()) then
    if not variant.on_sale or not variant.low_stock or jsonb_array_length(recipients) = 0 then
      update private.stock_alerts a set state = 'skipped' where a.id = alert.id;
    elsif alert.attempts = 0 or alert.next_attempt_at <= now() then
      update private.stock_alerts a set attempts = a.attempts + 1, claimed_until = now() + interval '2 minutes' where a.id = alert.id;
      claimed := true;
    end if;
  end if;

  return jsonb_build_object(
    'alert_id', alert.id,
    'claimed', claimed,
    'created_at', alert.created_at,
    'stock_at_alert', alert.stock,
    'item', jsonb_build_object('id', variant.id, 'product_id', variant.product_id, 'title', variant.title, 'slug', variant.slug,
      'options', variant.options, 'stock', variant.stock, 'threshold', variant.low_stock_threshold),
    'product', (select jsonb_build_object('id', p.id, 'title', p.title) from public.products p where p.id = variant.product_id),
    'recipients', recipients);
end;
$$;

create function public.complete_stock_alert(alert_id bigint) returns void
language sql
security definer
set search_path = ''
as $$
  update private.stock_alerts a set state = 'sent', sent_at = now(), claimed_until = null, last_error = null
  where a.id = alert_id and a.state = 'pending';
$$;

create function public.fail_stock_alert(alert_id bigint, reason text) returns void
language sql
security definer
set search_path = ''
as $$
  update private.stock_alerts a set
    claimed_until = null,
    last_error = left(reason, 1000),
    next_attempt_at = now() + least(interval '30 seconds' * power(2, greatest(a.attempts - 1, 0)), interval '1 hour')
  where a.id = alert_id and a.state = 'pending';
$$;

-- Where the alerts stand, newest first (service role: tests and `npm run check:hosted`).
create function public.stock_alert_states(item_id bigint default null)
returns table (id bigint, item_id bigint, stock integer, threshold integer, state text, attempts integer, last_error text, created_at timestamptz, sent_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select a.id, a.item_id, a.stock, a.threshold, a.state, a.attempts, a.last_error, a.created_at, a.sent_at
  from private.stock_alerts a where stock_alert_states.item_id is null or a.item_id = stock_alert_states.item_id
  order by a.id desc limit 200
$$;

revoke execute on function public.claim_stock_alert(bigint), public.complete_stock_alert(bigint),
  public.fail_stock_alert(bigint, text), public.stock_alert_states(bigint) from public, anon, authenticated;
grant execute on function public.claim_stock_alert(bigint), public.complete_stock_alert(bigint),
  public.fail_stock_alert(bigint, text), public.stock_alert_states(bigint) to service_role;

-- Alerts whose mail failed are asked for again, as order mails are.
create function private.request_due_stock_alerts() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requested integer;
begin
  update private.stock_alerts a set retry_requested_at = now()
  where a.state = 'pending' and a.next_attempt_at <= now()
    and (a.claimed_until is null or a.claimed_until <= now())
    and (a.retry_requested_at is null or a.retry_requested_at <= now() - interval '1 minute');
  get diagnostics requested = row_count;
  return requested;
end;
$$;
revoke all on function private.request_due_stock_alerts() from public;

select cron.schedule('stock-alert-retries', '30 seconds', 'select private.request_due_stock_alerts()');

-- ── The overview ───────────────────────────────────────────────────────────────────────────────
-- The admin's first page in one call (staff only): for today, the last 7 and the last 30 of the
-- shop's days (today included), the orders placed (cancelled ones left out), their value and
-- average, the items sold, the orders cancelled and the value returned; the 30 days' best sellers
-- by quantity; the open orders by status; and the variants on sale that are running low.
create function public.store_overview() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  zone text := private.store_time_zone();
  today date := (now() at time zone zone)::date;
  periods jsonb := '{}';
  period record;
  since timestamptz;
  figures record;
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can see the overview.' using errcode = '42501';
  end if;
  for period in select * from (values ('today', 0), ('days_7', 6), ('days_30', 29)) v (name, back) loop
    since := private.shop_day_start(today - period.back);
    select count(*) filter (where o.status <> 'cancelled') as orders,
           coalesce(sum(o.total_cents) filter (where o.status <> 'cancelled'), 0) as value_cents,
           coalesce(sum(o.item_count) filter (where o.status <> 'cancelled'), 0) as items_sold,
           count(*) filter (where o.status = 'cancelled') as cancelled
      into figures
    from public.orders o where o.created_at >= since;
    periods := periods || jsonb_build_object(period.name, jsonb_build_object(
      'from_date', today - period.back,
      'to_date', today,
      'orders', figures.orders,
      'order_value_cents', figures.value_cents,
      'average_order_cents', case when figures.orders > 0 then round(figures.value_cents::numeric / figures.orders)::bigint end,
      'items_sold', figures.items_sold,
      'cancelled', figures.cancelled,
      'returned_cents', (select coalesce(sum(r.refund_cents), 0) from public.order_returns r where r.created_at >= since)));
  end loop;
  since := private.shop_day_start(today - 29);
  return jsonb_build_object(
    'time_zone', zone,
    'today', today,
    'currency', coalesce((select o.currency from public.orders o order by o.id desc limit 1), 'EUR'),
    'periods', periods,
    'open_orders', (
      select jsonb_build_object(
        'placed', count(*) filter (where o.status = 'placed'),
        'confirmed', count(*) filter (where o.status = 'confirmed'),
        'packed', count(*) filter (where o.status = 'packed'),
        'shipped', count(*) filter (where o.status = 'shipped'))
      from public.orders o where o.status in ('placed', 'confirmed', 'packed', 'shipped')),
    'best_sellers', (
      select coalesce(jsonb_agg(to_jsonb(b) order by b.quantity desc, b.revenue_cents desc, b.item_id), '[]') from (
        select oi.item_id, i.product_id, coalesce(i.title, min(oi.title)) as title,
               sum(oi.quantity - oi.returned_quantity)::integer as quantity,
               sum((oi.quantity - oi.returned_quantity) * oi.unit_price_cents)::bigint as revenue_cents
        from public.order_items oi
        join public.orders o on o.id = oi.order_id
        left join public.items i on i.id = oi.item_id
        where o.created_at >= since and o.status <> 'cancelled'
        group by oi.item_id, i.product_id, i.title
        having sum(oi.quantity - oi.returned_quantity) > 0
        order by 4 desc, 5 desc, 1
        limit 5) b),
    'low_stock_count', (select count(*) from public.items i where i.on_sale and i.low_stock),
    'low_stock', (
      select coalesce(jsonb_agg(to_jsonb(l) order by l.stock, l.item_id), '[]') from (
        select i.id as item_id, i.product_id, i.title, i.stock, i.low_stock_threshold as threshold
        from public.items i where i.on_sale and i.low_stock
        order by i.stock, i.id limit 10) l));
end;
$$;
revoke execute on function public.store_overview() from public, anon;
grant execute on function public.store_overview() to authenticated;

-- ── Export ─────────────────────────────────────────────────────────────────────────────────────
-- Text a spreadsheet shows as typed: a cell starting with = + - @ (or a tab / carriage return)
-- would be read as a formula, so it gets a leading apostrophe, as spreadsheet programs do.
create function private.spreadsheet_text(value text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when value ~ '^[=+\-@\t\r]' then '''' || value else value end
$$;

-- The orders placed on the shop's days from_date to to_date (both included, at most 366 days),
-- oldest first, one row per order, as an accountant reads them: the shop's local time, amounts
-- in the currency's units with a point. Asked for as text/csv (PostgREST), it is the CSV export.
create function public.orders_export(from_date date, to_date date)
returns table (
  order_number bigint,
  reference text,
  placed_at text,
  status text,
  customer_email text,
  customer_name text,
  country text,
  items integer,
  total numeric,
  refunded numeric,
  currency text,
  carrier text,
  tracking_number text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  zone text := private.store_time_zone();
  since timestamptz;
  until timestamptz;
begin
  if not (select public.authorize('orders.manage')) then
    raise exception 'Only staff can export orders.' using errcode = '42501';
  end if;
  if from_date is null or to_date is null or from_date > to_date then
    raise exception 'Choose a date range whose end is not before its start.' using errcode = '22023';
  end if;
  if to_date - from_date > 365 then
    raise exception 'Export at most a year (366 days) at a time.' using errcode = '22023';
  end if;
  since := private.shop_day_start(from_date);
  until := private.shop_day_start(to_date + 1);
  return query
  select o.id, o.reference, to_char(o.created_at at time zone zone, 'YYYY-MM-DD HH24:MI:SS'), o.status,
         private.spreadsheet_text(c ->> 'email'), private.spreadsheet_text(c ->> 'name'), o.delivery ->> 'country', o.item_count,
         round(o.total_cents / 100.0, 2),
         round((select coalesce(sum(r.refund_cents), 0) from public.order_returns r where r.order_id = o.id) / 100.0, 2),
         o.currency, (select ca.name from public.carriers ca where ca.code = o.carrier), o.tracking_number
  from public.orders o
  cross join lateral (select private.order_customer(o) as c) customer
  where o.created_at >= since and o.created_at < until
  order by o.created_at, o.id
  limit 100000;
end;
$$;
revoke execute on function public.orders_export(date, date) from public, anon;
grant execute on function public.orders_export(date, date) to authenticated;
