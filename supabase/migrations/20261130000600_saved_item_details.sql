-- A saved item that leaves the shop (archived, or its product made a draft again) stays in its
-- owner's list as "no longer available". The items' policy hides it from customers, so the list
-- could only say "an item you saved". The owner saw it when they saved it (saving needs it on
-- sale), so their own list may name it: this function returns the caller's saved items with what
-- the list shows, whatever the item's state now, and nothing of anyone else's.
create function public.saved_item_details()
returns table (
  item_id bigint,
  saved_at timestamptz,
  slug text,
  title text,
  price_cents integer,
  currency text,
  stock integer,
  image_paths text[],
  on_sale boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.item_id, s.created_at, i.slug, i.title, i.price_cents, i.currency, i.stock, i.image_paths, i.on_sale
  from public.saved_items s
  join public.items i on i.id = s.item_id
  where s.user_id = (select auth.uid())
  order by s.created_at desc, s.item_id desc
$$;

revoke execute on function public.saved_item_details() from public, anon;
grant execute on function public.saved_item_details() to authenticated, service_role;
