-- Products with variants (docs/decisions/014-products-and-variants.md). Every item becomes a
-- variant of a product and keeps its id, slug, price, stock, pictures and archive state, so cart
-- lines, order lines, stock movements, pictures and /items/<slug> addresses stay what they were.
-- A product carries what its variants share: title, description, category, specifications, and
-- whether it is published; a draft's variants are on sale to nobody.

create table public.products (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  category_id bigint not null references public.categories (id) on delete restrict,
  -- Specifications: outer dimensions in centimetres, weight in kilograms, and words a shopper reads.
  width_cm numeric(7, 1) check (width_cm > 0 and width_cm <= 100000),
  depth_cm numeric(7, 1) check (depth_cm > 0 and depth_cm <= 100000),
  height_cm numeric(7, 1) check (height_cm > 0 and height_cm <= 100000),
  weight_kg numeric(8, 2) check (weight_kg > 0 and weight_kg <= 100000),
  materials text not null default '' check (length(materials) <= 500),
  care text not null default '' check (length(care) <= 1000),
  assembly text not null default '' check (length(assembly) <= 1000),
  -- Null while a draft: nobody but staff sees the product or its variants.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.products is
  'What the shop lists: one or more variants (public.items) with what they share. A draft (published_at null) is seen by staff only.';

create index products_category_id_idx on public.products (category_id, id);

create trigger products_touch_updated_at before update on public.products
for each row execute function public.touch_updated_at();

-- ── Variants ───────────────────────────────────────────────────────────────────────────────────
-- Option values name a variant among its siblings: {"colour": "Rust", "material": "Velvet"}. At
-- most four options, lower-case names, short values; an item alone in its product has none.
create function public.valid_variant_options(options jsonb) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select jsonb_typeof(options) = 'object'
    and (select count(*) from jsonb_object_keys(options)) <= 4
    and not exists (
      select 1 from jsonb_each(options) as o (name, value)
      where o.name !~ '^[a-z]{1,20}$' or jsonb_typeof(o.value) <> 'string' or length(btrim(o.value #>> '{}')) not between 1 and 40
    )
$$;

alter table public.items add column product_id bigint references public.products (id) on delete restrict;
alter table public.items add column options jsonb not null default '{}'::jsonb check (public.valid_variant_options(options));
comment on column public.items.product_id is 'The product this item is a variant of.';
comment on column public.items.options is 'What tells this variant from its siblings: option name → value, such as {"colour": "Rust"}.';

-- ── Existing items become variants ─────────────────────────────────────────────────────────────
-- Items of one category titled "<base>, <value>", with the item titled "<base>" itself if there
-- is one, become one product titled <base>; the value becomes the variant's colour (the plain one
-- is "Natural", as the catalog describes an item without a colour). Any other item becomes a
-- product of its own, with its title. Products of items already on sale are published.
create function private.slug_for_product(title text, fallback bigint) returns text
language plpgsql
set search_path = ''
as $$
declare
  base text := left(btrim(regexp_replace(lower(public.unaccented(title)), '[^a-z0-9]+', '-', 'g'), '-'), 100);
  candidate text;
begin
  candidate := case when base = '' then 'product-' || fallback else base end;
  if exists (select 1 from public.products p where p.slug = candidate) then
    candidate := candidate || '-' || fallback;
  end if;
  return candidate;
end;
$$;
revoke execute on function private.slug_for_product(text, bigint) from public, anon, authenticated;

do $$
declare
  family record;
  product bigint;
begin
  for family in
    with parsed as (
      select i.id, i.category_id, i.title, i.description, i.created_at,
             coalesce(substring(i.title from '^(.*), [^,]+$'), i.title) as base,
             substring(i.title from ', ([^,]+)$') as value
      from public.items i
    ),
    grouped as (
      -- A plain "<base>" joins the family of "<base>, <value>" items of its category.
      select p.*, count(*) over (partition by p.category_id, p.base) as members
      from parsed p
    )
    select category_id,
           case when members > 1 then base else min(title) end as title,
           (array_agg(description order by id))[1] as description,
           min(created_at) as created_at,
           members,
           array_agg(id order by id) as item_ids,
           array_agg(value order by id) as item_values
    from grouped
    group by category_id, base, members, case when members > 1 then null else id end
    order by min(id)
  loop
    insert into public.products (slug, title, description, category_id, published_at, created_at)
    values (private.slug_for_product(family.title, family.item_ids[1]), family.title, family.description,
            family.category_id, family.created_at, family.created_at)
    returning id into product;
    for i in 1 .. cardinality(family.item_ids) loop
      update public.items
         set product_id = product,
             options = case when family.members > 1
                            then jsonb_build_object('colour', initcap(coalesce(family.item_values[i], 'natural')))
                            else '{}'::jsonb end
       where id = family.item_ids[i];
    end loop;
  end loop;
end;
$$;

alter table public.items alter column product_id set not null;
create index items_product_id_idx on public.items (product_id, id);

-- ── On sale: not archived, and the product published ───────────────────────────────────────────
-- on_sale was generated from archived_at; it now also follows the product. The shop's policies and
-- search keep filtering on this one column (why a column rather than the condition: the comment
-- above its first definition, in the store-admin migration).
drop policy "Anyone can read items on sale" on public.items;
alter table public.items drop column on_sale;
alter table public.items add column on_sale boolean not null default false;
comment on column public.items.on_sale is
  'Kept by the database: not archived and its product published. What the shop''s policies and search filter on.';
update public.items i set on_sale = i.archived_at is null and p.published_at is not null
from public.products p where p.id = i.product_id;
create policy "Anyone can read items on sale" on public.items for select to anon, authenticated
  using (on_sale);

-- An item added without a product (the admin's item form, older scripts) gets one of its own,
-- published as such an item always was; then on_sale is worked out, whatever the writer sent.
create function private.place_item_in_product() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  published timestamptz;
begin
  if new.product_id is null then
    insert into public.products (slug, title, description, category_id, published_at)
    values (private.slug_for_product(new.slug, coalesce(new.id, 0)), new.title, new.description, new.category_id, now())
    returning id, published_at into new.product_id, published;
  else
    select p.published_at into published from public.products p where p.id = new.product_id;
  end if;
  new.on_sale := new.archived_at is null and published is not null;
  return new;
end;
$$;
revoke execute on function private.place_item_in_product() from public, anon, authenticated;

create trigger items_variant_of_product before insert or update of product_id, archived_at, on_sale on public.items
for each row execute function private.place_item_in_product();

-- Publishing or unpublishing a product puts its variants on sale or takes them off.
create function private.follow_product_publication() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.items i set on_sale = i.archived_at is null and new.published_at is not null
  where i.product_id = new.id and i.on_sale is distinct from (i.archived_at is null and new.published_at is not null);
  return null;
end;
$$;
revoke execute on function private.follow_product_publication() from public, anon, authenticated;

create trigger products_variants_follow after update of published_at on public.products
for each row when (old.published_at is distinct from new.published_at)
execute function private.follow_product_publication();

-- A product is published only with something to show and a price: a variant on offer with at
-- least one picture and a price above zero.
create function private.check_product_publishable() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.published_at is not null and old.published_at is null and not exists (
    select 1 from public.items i
    where i.product_id = new.id and i.archived_at is null and cardinality(i.image_paths) > 0 and i.price_cents > 0
  ) then
    raise exception 'Add a picture and a price to a variant before publishing %.', new.title
      using errcode = '23514', hint = 'A product goes on sale once one of its variants has a picture and a price.';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_product_publishable() from public, anon, authenticated;

create trigger products_check_publishable before update of published_at on public.products
for each row execute function private.check_product_publishable();

-- ── Carts follow on_sale, not only archived_at ─────────────────────────────────────────────────
-- What is not on sale (archived, or its product a draft) cannot be put in a cart, and leaves every
-- cart when it stops being on sale, as an archived item did (20261128000100_store_admin.sql).
create or replace function public.check_cart_quantity() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  available integer;
  item_title text;
  selling boolean;
begin
  select i.stock, i.title, i.on_sale into available, item_title, selling from public.items i where i.id = new.item_id;
  if available is null or not selling then
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

drop trigger items_leave_carts_when_archived on public.items;
create trigger items_leave_carts_when_off_sale after update on public.items
for each row when (old.on_sale and not new.on_sale)
execute function private.remove_archived_item_from_carts();

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
    select i.stock into available from public.items i where i.id = line.item_id and i.on_sale;
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

-- ── Who reads and writes products ──────────────────────────────────────────────────────────────
alter table public.products enable row level security;
revoke all on public.products from anon, authenticated;
grant select on public.products to anon, authenticated;
grant insert (slug, title, description, category_id, width_cm, depth_cm, height_cm, weight_kg, materials, care, assembly),
      update (slug, title, description, category_id, width_cm, depth_cm, height_cm, weight_kg, materials, care, assembly, published_at)
  on public.products to authenticated;
grant all on public.products to service_role;

create policy "Anyone can read published products" on public.products for select to anon, authenticated
  using (published_at is not null);
create policy "Staff read every product" on public.products for select to authenticated
  using ((select public.authorize('items.write')));
-- Staff create drafts (published_at is not in the insert grant) and publish them by update.
create policy "Staff add products" on public.products for insert to authenticated
  with check ((select public.authorize('items.write')));
create policy "Staff edit products" on public.products for update to authenticated
  using ((select public.authorize('items.write'))) with check ((select public.authorize('items.write')));

create trigger products_audit after insert or update or delete on public.products
for each row execute function private.audit_staff_change();

alter publication supabase_realtime add table public.products;
