-- Catalog: categories and items. Everyone may read; only the service role (seeding, staff tools) writes.
-- Stock is live on item pages, so items stream through realtime.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists fuzzystrmatch with schema extensions;

create table public.categories (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  name text not null check (length(btrim(name)) between 1 and 80),
  description text not null default '' check (length(description) <= 500),
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

comment on table public.categories is 'Catalog sections shown on the home page and as catalog filters.';

create table public.items (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  stock integer not null default 0 check (stock >= 0),
  category_id bigint not null references public.categories (id) on delete restrict,
  -- Storage keys in the item-images bucket without width suffix: "<slug>/1" → "<slug>/1-640.webp".
  image_paths text[] not null default '{}' check (cardinality(image_paths) <= 8),
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_vector tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, description), 'B')
  ) stored
);

comment on table public.items is 'Things in the catalog. Prices in minor units; stock is decremented by place_order.';

-- Every filter, sort and search path has an index (catalog listing at 100,000 items stays index-driven).
create index items_search_vector_idx on public.items using gin (search_vector);
create index items_title_trgm_idx on public.items using gin (title extensions.gin_trgm_ops);
create index items_category_id_idx on public.items (category_id, id);
create index items_price_idx on public.items (price_cents, id);
create index items_category_price_idx on public.items (category_id, price_cents, id);
create index items_created_at_idx on public.items (created_at desc, id desc);
create index items_category_created_at_idx on public.items (category_id, created_at desc, id desc);
create index items_featured_idx on public.items (id) where featured;

create or replace function public.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger items_touch_updated_at before update on public.items
for each row execute function public.touch_updated_at();

alter table public.categories enable row level security;
alter table public.items enable row level security;

create policy "Anyone can read categories" on public.categories for select to anon, authenticated using (true);
create policy "Anyone can read items" on public.items for select to anon, authenticated using (true);

-- Default privileges grant everything to the API roles; the catalog is read-only to them.
revoke insert, update, delete, truncate on public.categories, public.items from anon, authenticated;
grant select on public.categories, public.items to anon, authenticated;
grant all on public.categories, public.items to service_role;

alter publication supabase_realtime add table public.items;

-- Item pictures: a public bucket (anyone may read through the public URL); only the service role
-- writes, because no storage policy lets anon or authenticated insert here.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('item-images', 'item-images', true, 5242880, array['image/webp', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;
