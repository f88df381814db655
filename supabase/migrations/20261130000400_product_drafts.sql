-- Staff create products as drafts in the store admin (docs/decisions/014-products-and-variants.md):
-- a product and its first variant are made together, so a refused variant (its web address taken)
-- never leaves an empty product behind; a product's variants follow its category; publishing is
-- stamped with the database's time; staff may correct a variant's options.

-- ── A product and its first variant, in one transaction ───────────────────────────────────────
-- Security invoker: the caller's grants and RLS decide (staff insert products and items), and the
-- audit log records them as usual. The product's web address is made from its title, with -2, -3…
-- when taken: shoppers reach variants by their own addresses, which staff choose.
create function public.create_product(
  title text,
  category_id bigint,
  variant_slug text,
  price_cents integer,
  stock integer,
  description text default '',
  width_cm numeric default null,
  depth_cm numeric default null,
  height_cm numeric default null,
  weight_kg numeric default null,
  materials text default '',
  care text default '',
  assembly text default '',
  variant_title text default null,
  options jsonb default '{}'::jsonb
) returns bigint
language plpgsql
security invoker
set search_path = ''
as $$
declare
  base text := left(btrim(regexp_replace(lower(public.unaccented(coalesce(create_product.title, ''))), '[^a-z0-9]+', '-', 'g'), '-'), 110);
  attempt integer := 1;
  product bigint;
begin
  if not (select public.authorize('items.write')) then
    raise exception 'Only staff can create products.' using errcode = '42501';
  end if;
  if base = '' then
    base := 'product';
  end if;
  loop
    begin
      insert into public.products (slug, title, description, category_id, width_cm, depth_cm, height_cm, weight_kg, materials, care, assembly)
      values (case when attempt = 1 then base else base || '-' || attempt end, btrim(create_product.title), coalesce(create_product.description, ''),
              create_product.category_id, create_product.width_cm, create_product.depth_cm, create_product.height_cm, create_product.weight_kg,
              coalesce(create_product.materials, ''), coalesce(create_product.care, ''), coalesce(create_product.assembly, ''))
      returning id into product;
      exit;
    exception when unique_violation then
      -- Only the product's slug is unique; a race for the same title takes the next number.
      attempt := attempt + 1;
      if attempt > 50 then
        raise;
      end if;
    end;
  end loop;
  -- With its product_id, so the trigger that gives a lone item a published product of its own
  -- leaves it alone: the variant is a draft with its product.
  insert into public.items (slug, title, description, price_cents, stock, category_id, product_id, options)
  values (create_product.variant_slug, coalesce(nullif(btrim(create_product.variant_title), ''), btrim(create_product.title)),
          coalesce(create_product.description, ''), create_product.price_cents, create_product.stock, create_product.category_id, product,
          coalesce(create_product.options, '{}'::jsonb));
  return product;
end;
$$;
revoke execute on function public.create_product(text, bigint, text, integer, integer, text, numeric, numeric, numeric, numeric, text, text, text, text, jsonb)
  from public, anon;
grant execute on function public.create_product(text, bigint, text, integer, integer, text, numeric, numeric, numeric, numeric, text, text, text, text, jsonb)
  to authenticated, service_role;

-- ── A product's variants are in its category ──────────────────────────────────────────────────
-- The catalog filters variants by their own category_id; moving a product moves them all.
create function private.variants_follow_product_category() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.items i set category_id = new.category_id
  where i.product_id = new.id and i.category_id is distinct from new.category_id;
  return null;
end;
$$;
revoke execute on function private.variants_follow_product_category() from public, anon, authenticated;

create trigger products_variants_follow_category after update of category_id on public.products
for each row when (old.category_id is distinct from new.category_id)
execute function private.variants_follow_product_category();

-- ── Published when the database says so ──────────────────────────────────────────────────────
-- The admin sends a time from the staff member's clock; the product keeps the database's, and a
-- published product's date stays the first one until it is made a draft again.
create function private.stamp_published_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.published_at is not null then
    new.published_at := coalesce(old.published_at, now());
  end if;
  return new;
end;
$$;
revoke execute on function private.stamp_published_at() from public, anon, authenticated;

create trigger products_stamp_published_at before update of published_at on public.products
for each row execute function private.stamp_published_at();

-- Details edits move updated_at, publishing does not: the admin's product form guards its save
-- with updated_at, so publishing from the same page does not make that form stale (as pictures,
-- stock and sales leave an item's updated_at alone).
drop trigger products_touch_updated_at on public.products;
create trigger products_touch_updated_at
before update of slug, title, description, category_id, width_cm, depth_cm, height_cm, weight_kg, materials, care, assembly
on public.products for each row execute function public.touch_updated_at();

-- ── Staff correct a variant's options ─────────────────────────────────────────────────────────
-- ("Colour: Rust" typed as "Rsut"); an options edit is a details edit, so it moves updated_at.
grant update (options) on public.items to authenticated;
drop trigger items_touch_updated_at on public.items;
create trigger items_touch_updated_at before update of title, description, price_cents, currency, category_id, featured, options
on public.items for each row execute function public.touch_updated_at();
