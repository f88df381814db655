-- Stock movements, the order flow staff run, and an audit log of staff changes (issue 18).
-- Everything here is enforced in the database: stock equals the sum of its movements whichever
-- path changed it (an order, a cancellation, a staff adjustment, the service role), and an order
-- only moves along confirmed → packed → shipped → delivered, or to cancelled with its stock back.

-- ── Order statuses ─────────────────────────────────────────────────────────────────────────────
alter table public.orders drop constraint orders_status_check;
alter table public.orders add constraint orders_status_check
  check (status in ('placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled'));
alter table public.orders add column packed_at timestamptz, add column shipped_at timestamptz, add column delivered_at timestamptz;
comment on table public.orders is
  'Order requests. placed → confirmed (receipt sent) → packed → shipped → delivered; placed, confirmed or packed → cancelled (stock restored).';

-- Staff see every order and its lines (the order board); customers still only their own.
create policy "Staff read every order" on public.orders for select to authenticated
  using ((select public.authorize('orders.manage')));
create policy "Staff read every order's lines" on public.order_items for select to authenticated
  using ((select public.authorize('orders.manage')));

-- ── Stock movements ────────────────────────────────────────────────────────────────────────────
create table public.stock_movements (
  id bigint generated always as identity primary key,
  item_id bigint not null references public.items (id) on delete cascade,
  delta integer not null check (delta <> 0),
  reason text not null check (reason in ('initial', 'sale', 'cancellation', 'restock', 'correction', 'damage', 'return')),
  note text check (length(note) <= 500),
  order_id bigint references public.orders (id) on delete set null,
  -- Null for the service role (the seed, the dashboard). No foreign key: history keeps who it was
  -- after the account is gone.
  actor uuid,
  created_at timestamptz not null default now()
);
comment on table public.stock_movements is 'Every change of items.stock, written by a trigger: stock = sum(delta) per item.';
create index stock_movements_item_id_idx on public.stock_movements (item_id, id);
create index stock_movements_order_id_idx on public.stock_movements (order_id) where order_id is not null;

alter table public.stock_movements enable row level security;
revoke all on public.stock_movements from anon, authenticated;
grant select on public.stock_movements to authenticated;
grant all on public.stock_movements to service_role;
create policy "Staff read stock movements" on public.stock_movements for select to authenticated
  using ((select public.authorize('stock.write')));

-- What stock there is now is where the ledger starts.
insert into public.stock_movements (item_id, delta, reason)
select id, stock, 'initial' from public.items where stock <> 0;

-- The reason, note and order of a change come from transaction-local settings the functions that
-- change stock set (lumen.stock_reason / lumen.stock_note / lumen.stock_order); a change nobody
-- explained (the service role editing a row) is a correction.
create function private.record_stock_movement() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  delta integer := case tg_op when 'INSERT' then new.stock else new.stock - old.stock end;
begin
  if delta = 0 then
    return null;
  end if;
  insert into public.stock_movements (item_id, delta, reason, note, order_id, actor)
  values (
    new.id,
    delta,
    case when tg_op = 'INSERT' then 'initial' else coalesce(nullif(current_setting('lumen.stock_reason', true), ''), 'correction') end,
    nullif(current_setting('lumen.stock_note', true), ''),
    nullif(current_setting('lumen.stock_order', true), '')::bigint,
    (select auth.uid())
  );
  return null;
end;
$$;

create trigger items_record_stock_movement after insert or update of stock on public.items
for each row execute function private.record_stock_movement();

-- place_order creates the order before it takes the stock, in one transaction: that stock change
-- is the order's sale.
create function private.mark_stock_changes_as_sale() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('lumen.stock_reason', 'sale', true), set_config('lumen.stock_order', new.id::text, true);
  return null;
end;
$$;

create trigger orders_mark_stock_changes_as_sale after insert on public.orders
for each row execute function private.mark_stock_changes_as_sale();

-- Puts an order's stock back (both cancellation paths), locking items in id order as place_order does.
create function private.restore_order_stock(target_order bigint) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('lumen.stock_reason', 'cancellation', true), set_config('lumen.stock_order', target_order::text, true);
  perform 1 from public.items i
  where i.id in (select oi.item_id from public.order_items oi where oi.order_id = target_order)
  order by i.id
  for update;
  update public.items i set stock = i.stock + oi.quantity
  from public.order_items oi
  where oi.order_id = target_order and oi.item_id = i.id;
end;
$$;
revoke execute on function private.restore_order_stock(bigint) from public;

-- A customer may cancel until the order is packed.
create or replace function public.cancel_order(order_id bigint) returns jsonb
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
    raise exception 'Order % was not found.', cancel_order.order_id using errcode = 'P0001';
  end if;
  if target.status = 'cancelled' then
    raise exception 'Order % is already cancelled.', target.id using errcode = 'P0001';
  end if;
  if target.status not in ('placed', 'confirmed') then
    raise exception 'Order % is already %, so it can no longer be cancelled.', target.id, target.status using errcode = 'P0001';
  end if;
  perform private.restore_order_stock(target.id);
  update public.orders o set status = 'cancelled', cancelled_at = now() where o.id = target.id;
  return jsonb_build_object('status', 'cancelled', 'order_id', target.id);
end;
$$;

-- Staff adjust stock with a reason; the trigger records who, when and why.
create function public.adjust_stock(item_id bigint, delta integer, reason text, note text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_stock integer;
begin
  if not (select public.authorize('stock.write')) then
    raise exception 'Only staff can adjust stock.' using errcode = '42501';
  end if;
  if reason is null or reason not in ('restock', 'correction', 'damage', 'return') then
    raise exception 'Choose a reason: restock, correction, damage or return.' using errcode = '22023';
  end if;
  if delta is null or delta = 0 then
    raise exception 'Enter how many to add or take away.' using errcode = '22023';
  end if;
  if note is not null and length(note) > 500 then
    raise exception 'Use at most 500 characters for the note.' using errcode = '22023';
  end if;
  select i.stock into current_stock from public.items i where i.id = adjust_stock.item_id for update;
  if current_stock is null then
    raise exception 'Item % was not found.', adjust_stock.item_id using errcode = 'P0001';
  end if;
  if current_stock + delta < 0 then
    raise exception 'Only % in stock: cannot take away %.', current_stock, -delta using errcode = 'P0001';
  end if;
  perform set_config('lumen.stock_reason', reason, true), set_config('lumen.stock_note', coalesce(note, ''), true),
    set_config('lumen.stock_order', '', true);
  update public.items i set stock = current_stock + delta, updated_at = now() where i.id = adjust_stock.item_id;
  return jsonb_build_object('item_id', adjust_stock.item_id, 'stock', current_stock + delta);
end;
$$;
revoke execute on function public.adjust_stock(bigint, integer, text, text) from public, anon;
grant execute on function public.adjust_stock(bigint, integer, text, text) to authenticated;

-- Stock changes only through adjust_stock (with a reason), never by editing the column.
revoke update on public.items from authenticated;
-- Not the slug: links to an item stay valid (it is chosen once, when staff create the item).
grant update (title, description, price_cents, category_id, image_paths, featured, updated_at) on public.items to authenticated;

-- ── The order flow staff run ─────────────────────────────────────────────────────────────────
create function public.set_order_status(order_id bigint, status text) returns jsonb
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
            hint = case when cardinality(allowed) = 0 then 'Nothing follows this status.'
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
revoke execute on function public.set_order_status(bigint, text) from public, anon;
grant execute on function public.set_order_status(bigint, text) to authenticated;

-- ── Audit log of staff changes ─────────────────────────────────────────────────────────────────
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- No foreign key: the log keeps who it was after the account is gone.
  actor uuid,
  action text not null check (action in ('insert', 'update', 'delete')),
  entity text not null,
  entity_id text not null,
  before jsonb,
  after jsonb
);
comment on table public.audit_log is 'What staff changed: who, when, the row before and after. Written by triggers only.';
create index audit_log_entity_idx on public.audit_log (entity, entity_id, id desc);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated;
grant select on public.audit_log to authenticated;
grant all on public.audit_log to service_role;
create policy "Staff read the audit log" on public.audit_log for select to authenticated
  using ((select public.authorize('audit.read')));

-- Records a change made with a staff token; customers' and the service role's changes are not staff changes.
create function private.audit_staff_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_before jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) - 'search_vector' end;
  row_after jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) - 'search_vector' end;
begin
  if (select auth.jwt() ->> 'user_role') is null then
    return null;
  end if;
  insert into public.audit_log (actor, action, entity, entity_id, before, after)
  values ((select auth.uid()), lower(tg_op), tg_table_name, coalesce(row_after ->> 'id', row_before ->> 'id'), row_before, row_after);
  return null;
end;
$$;

create trigger items_audit after insert or update or delete on public.items
for each row execute function private.audit_staff_change();
create trigger categories_audit after insert or update or delete on public.categories
for each row execute function private.audit_staff_change();
create trigger orders_audit after update of status on public.orders
for each row execute function private.audit_staff_change();
