-- What the store admin (/admin, issue 18) needs from the database: items that are archived rather
-- than deleted (orders keep pointing at them), an order board staff follow live, and an audit log
-- that names who did what.

-- ── Archived items ─────────────────────────────────────────────────────────────────────────────
-- An item orders refer to cannot be deleted (order_items keeps its id); staff archive it instead.
-- Archived items leave the shop for everyone but staff: RLS hides them, the catalog and search
-- (search_items, below) skip them even for staff browsing the shop, no cart can hold them.
alter table public.items add column archived_at timestamptz;
comment on column public.items.archived_at is 'When staff took the item off sale; null while it is sold.';
-- The shop's rules read on_sale, not "archived_at is null": where a table has no statistics (PGlite
-- never runs ANALYZE; a hosted table before autovacuum's first pass) the planner takes IS NULL to
-- keep 0.5 % of the rows, and on a 100,000-item catalog it sorted the whole table for the newest
-- 24 (90 ms) instead of reading them from the created_at index (2 ms). A boolean column is taken
-- to keep half, which keeps the index plans.
alter table public.items add column on_sale boolean not null generated always as (archived_at is null) stored;
comment on column public.items.on_sale is 'archived_at is null, kept by the database: what the shop''s policies and search filter on.';

drop policy "Anyone can read items" on public.items;
create policy "Anyone can read items on sale" on public.items for select to anon, authenticated
  using (on_sale);
create policy "Staff read every item" on public.items for select to authenticated
  using ((select public.authorize('items.write')));

grant update (archived_at) on public.items to authenticated;

-- Adding an archived item to a cart is refused with the message a deleted one gets.
create or replace function public.check_cart_quantity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  available integer;
  item_title text;
  archived timestamptz;
begin
  select i.stock, i.title, i.archived_at into available, item_title, archived from public.items i where i.id = new.item_id;
  if available is null or archived is not null then
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

-- Archiving takes the item out of every cart (each owner's tabs hear it on cart:<user id>), so no
-- checkout can order what is no longer sold.
create function private.remove_archived_item_from_carts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.cart_items c where c.item_id = new.id;
  return null;
end;
$$;
revoke execute on function private.remove_archived_item_from_carts() from public, anon, authenticated;

create trigger items_leave_carts_when_archived after update of archived_at on public.items
for each row when (new.archived_at is not null and old.archived_at is null)
execute function private.remove_archived_item_from_carts();

-- A staff member's own cart merge must skip archived items too (merge_cart runs with the caller's
-- rights, and staff read every item): as before (20261122000400_cart.sql), archived ones skipped.
create or replace function public.merge_cart(lines jsonb) returns jsonb
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
    available := null;
    select i.stock into available from public.items i where i.id = line.item_id and i.archived_at is null;
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

-- ── What "changed" means for an item ───────────────────────────────────────────────────────────
-- updated_at is when staff last edited the item's details: the admin's edit form saves only while
-- it is the one it loaded, so two people never silently overwrite each other. Sales, cancellations
-- and stock adjustments (stock), pictures (image_paths, guarded by their own list) and archiving
-- no longer move it, or every purchase would make an open form stale. archived_at is the
-- database's time, whatever clock the browser has.
drop trigger items_touch_updated_at on public.items;
create trigger items_touch_updated_at before update of title, description, price_cents, currency, category_id, featured
on public.items for each row execute function public.touch_updated_at();

create function private.stamp_archived_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.archived_at is not null and old.archived_at is null then
    new.archived_at := now();
  elsif new.archived_at is not null then
    new.archived_at := old.archived_at;
  end if;
  return new;
end;
$$;
revoke execute on function private.stamp_archived_at() from public, anon, authenticated;

create trigger items_stamp_archived_at before update of archived_at on public.items
for each row execute function private.stamp_archived_at();

-- The admin's item list: most recently edited first, and the on-sale / archived filter.
create index items_admin_updated_at_idx on public.items (updated_at desc, id desc);

-- search_items as before (20261126000100_search_relevance.sql) but never listing archived items:
-- the shop is the same for staff as for customers. The `filters` start changes, and it runs as its
-- owner: with any select policy on items other than `true`, Postgres may not use an index for a
-- condition whose operator is not leakproof (text search's @@ is not) before the policy has been
-- checked row by row, so every search read all 100,000 items of the bench catalog (1 s, was
-- 13 ms). What it returns is what the policy lets anyone read (on_sale, filtered below), and only
-- the columns the shop shows.
create or replace function public.search_items(
  query text default '',
  category text default null,
  min_price integer default null,
  max_price integer default null,
  in_stock boolean default false,
  featured boolean default false,
  sort text default 'relevance',
  page integer default 1,
  page_size integer default 24
) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  cap constant integer := 1000;
  ts tsquery;
  literal tsquery;
  category_id bigint;
  order_clause text;
  filters text := 'i.on_sale';
  skip integer;
  count_limit integer;
  seen integer;
  featured_ids bigint[];
  page_ids bigint[];
  ranked_ids bigint[];
  rest_ids bigint[];
  rest_seen integer;
  rows jsonb;
begin
  if page is null or page < 1 or page > 10000 then
    raise exception 'page must be between 1 and 10000' using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 60 then
    raise exception 'page_size must be between 1 and 60' using errcode = '22023';
  end if;
  if min_price < 0 or max_price < 0 or min_price > max_price then
    raise exception 'the price range is invalid' using errcode = '22023',
      hint = 'Use non-negative prices with min_price <= max_price.';
  end if;
  if length(coalesce(query, '')) > 200 then
    raise exception 'the search text is longer than 200 characters' using errcode = '22023';
  end if;

  ts := public.search_query(query);
  literal := public.search_query(query, false);
  -- Text made only of symbols, emoji, stop words or over-long "words" asks for nothing we sell:
  -- nothing matches it (an empty text still lists everything).
  if ts is null and btrim(coalesce(query, '')) <> '' then
    return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
  end if;
  order_clause := case coalesce(sort, 'relevance')
    when 'relevance' then case when ts is null then 'i.created_at desc, i.id desc' else 'rank' end
    when 'price_asc' then 'i.price_cents, i.id'
    when 'price_desc' then 'i.price_cents desc, i.id desc'
    when 'newest' then 'i.created_at desc, i.id desc'
  end;
  if order_clause is null then
    raise exception 'unknown sort "%"', sort using errcode = '22023',
      hint = 'Use relevance, price_asc, price_desc or newest.';
  end if;

  if category is not null then
    select c.id into category_id from public.categories c where c.slug = category;
    if category_id is null then
      return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
    end if;
  end if;

  -- Only the filters in use, so the planner sees plain conditions; values stay bound parameters
  -- ($1 text, $2 category, $3/$4 prices, $5 featured ids; each statement's own from $6).
  if category_id is not null then filters := filters || ' and i.category_id = $2'; end if;
  if min_price is not null then filters := filters || ' and i.price_cents >= $3'; end if;
  if max_price is not null then filters := filters || ' and i.price_cents <= $4'; end if;
  if coalesce(in_stock, false) then filters := filters || ' and i.stock > 0'; end if;
  if coalesce(featured, false) then
    -- Featured items are a few curated ones (home page). Without statistics (PGlite never runs
    -- ANALYZE) the planner takes half the rows for featured, and under a LIMIT it reads the whole
    -- table for them. Their ids from the partial index first make every plan see the real number.
    select array_agg(f.id) into featured_ids from public.items f where f.featured;
    if featured_ids is null then
      return jsonb_build_object('total', 0, 'total_capped', false, 'items', '[]'::jsonb);
    end if;
    filters := filters || case when cardinality(featured_ids) <= cap then ' and i.id = any ($5)' else ' and i.featured' end;
  end if;

  skip := (page - 1) * page_size;
  -- Count one past what we report: reaching count_limit means "more than total".
  count_limit := greatest(cap, skip + page_size) + 1;

  if order_clause = 'rank' then
    -- Candidates: up to cap + 1 title matches (title index, one scan); only when titles do not fill
    -- that, the other matches too (full index). Ranked, the best `cap` form the window; reaching
    -- cap + 1 candidates means there are more matches than the window.
    execute '
      with title_hits as materialized (
        select i.id, i.search_vector from public.items i
        where to_tsvector(''english''::regconfig, public.unaccented(i.title)) @@ $1 and ' || filters || '
        limit $6 + 1
      ), other_hits as materialized (
        select i.id, i.search_vector from public.items i
        where i.search_vector @@ $1 and ' || filters || ' and i.id not in (select t.id from title_hits t)
        limit $6 + 1 - (select count(*) from title_hits)
      )
      select coalesce(array_agg(w.id order by ts_rank_cd(w.search_vector, $1) + coalesce(ts_rank_cd(w.search_vector, $7), 0) desc, w.id), ''{}'')
      from (select t.id, t.search_vector from title_hits t union all select o.id, o.search_vector from other_hits o) w'
      into ranked_ids
      using ts, category_id, min_price, max_price, featured_ids, cap, literal;
    seen := cardinality(ranked_ids);
    page_ids := ranked_ids[skip + 1:least(skip + page_size, cap)];

    if seen > cap and skip + page_size > cap then
      -- A page past the window: the other matches follow in id order, read as far as this page and one more.
      execute 'select count(*)::integer, coalesce(array_agg(r.id order by r.position) filter (where r.position > $8), ''{}'')
        from (select i.id, row_number() over (order by i.id) as position from public.items i
              where i.search_vector @@ $1 and ' || filters || ' and i.id <> all ($6)
              order by i.id limit $7) r'
        into rest_seen, rest_ids
        using ts, category_id, min_price, max_price, featured_ids, ranked_ids[1:cap], count_limit - cap, greatest(skip - cap, 0);
      page_ids := page_ids || rest_ids[1:page_size - cardinality(page_ids)];
      seen := cap + rest_seen;
    end if;
  else
    if ts is not null then
      filters := filters || ' and i.search_vector @@ $1';
    end if;
    execute 'select count(*)::integer from (select 1 from public.items i where ' || filters || ' limit $6) hits'
      into seen using ts, category_id, min_price, max_price, featured_ids, count_limit;
    execute 'select coalesce(array_agg(p.id order by p.position), ''{}'') from (
        select i.id, row_number() over (order by ' || order_clause || ') as position
        from public.items i
        where ' || filters || '
        order by ' || order_clause || '
        limit $7 offset $6) p'
      into page_ids using ts, category_id, min_price, max_price, featured_ids, skip, page_size;
  end if;

  select coalesce(jsonb_agg(to_jsonb(page_rows) - 'position' order by page_rows.position), '[]'::jsonb) into rows
  from (
    select i.id, i.slug, i.title, i.price_cents, i.currency, i.stock, i.image_paths, i.created_at,
           c.slug as category_slug, c.name as category_name, p.position
    from unnest(page_ids) with ordinality as p (id, position)
    join public.items i on i.id = p.id
    join public.categories c on c.id = i.category_id
  ) page_rows;

  return jsonb_build_object('total', least(seen, count_limit - 1), 'total_capped', seen >= count_limit, 'items', rows);
end;
$$;

-- ── The order board ────────────────────────────────────────────────────────────────────────────
-- Staff follow every order live on the private topic `staff:orders` (broadcast from the database,
-- like each customer's `orders:<user id>`); only a token with orders.manage may join it.
create function private.broadcast_order_to_staff() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes('staff:orders', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end;
$$;
revoke execute on function private.broadcast_order_to_staff() from public, anon, authenticated;

create trigger orders_broadcast_to_staff after insert or update on public.orders
for each row execute function private.broadcast_order_to_staff();

create policy "Staff receive every order change" on realtime.messages
for select to authenticated
using (
  realtime.messages.extension = 'broadcast'
  and (select realtime.topic()) = 'staff:orders'
  and (select public.authorize('orders.manage'))
);

-- The board lists open orders oldest first.
create index orders_status_created_at_idx on public.orders (status, created_at, id);

-- ── Stock ──────────────────────────────────────────────────────────────────────────────────────
-- The history names who changed stock, as the audit log does.
alter table public.stock_movements add column actor_email text;

create or replace function private.record_stock_movement() returns trigger
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
  insert into public.stock_movements (item_id, delta, reason, note, order_id, actor, actor_email)
  values (
    new.id,
    delta,
    case when tg_op = 'INSERT' then 'initial' else coalesce(nullif(current_setting('lumen.stock_reason', true), ''), 'correction') end,
    nullif(current_setting('lumen.stock_note', true), ''),
    nullif(current_setting('lumen.stock_order', true), '')::bigint,
    (select auth.uid()),
    (select auth.jwt() ->> 'email')
  );
  return null;
end;
$$;

-- As before (20261127000200_stock_and_order_flow.sql), and a reason must fit the direction: a
-- restock or a return adds, damage takes away, a correction goes either way. updated_at is no
-- longer touched (see above).
create or replace function public.adjust_stock(item_id bigint, delta integer, reason text, note text default null) returns jsonb
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
  if reason in ('restock', 'return') and delta < 0 then
    raise exception 'A % adds stock: enter a positive number, or choose another reason.', reason using errcode = '22023';
  end if;
  if reason = 'damage' and delta > 0 then
    raise exception 'Damage takes stock away: enter a negative number, like -2.' using errcode = '22023';
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
  update public.items i set stock = current_stock + delta where i.id = adjust_stock.item_id;
  return jsonb_build_object('item_id', adjust_stock.item_id, 'stock', current_stock + delta);
end;
$$;

-- ── Who did it ─────────────────────────────────────────────────────────────────────────────────
-- The log names the staff member by the e-mail their token carried, so it reads well without
-- letting staff read other accounts (and still names them after the account is gone).
alter table public.audit_log add column actor_email text;

create or replace function private.audit_staff_change() returns trigger
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
  -- What a member of staff does as a customer is not a staff change: their own purchase or
  -- cancellation moves stock (recorded in stock_movements) and their own order's status.
  if current_setting('lumen.stock_reason', true) in ('sale', 'cancellation') and tg_table_name = 'items'
     and (row_before - 'stock' - 'updated_at') = (row_after - 'stock' - 'updated_at') then
    return null;
  end if;
  -- (Their own order moved on the board is skipped too: it cannot be told apart from cancelling it.)
  if tg_table_name = 'orders' and (row_after ->> 'user_id') = (select auth.uid())::text then
    return null;
  end if;
  insert into public.audit_log (actor, actor_email, action, entity, entity_id, before, after)
  values ((select auth.uid()), (select auth.jwt() ->> 'email'), lower(tg_op), tg_table_name,
          coalesce(row_after ->> 'id', row_before ->> 'id'), row_before, row_after);
  return null;
end;
$$;
