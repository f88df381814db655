-- Hardening found by the security tests (supabase/tests/rls-coverage.test.ts, the conformance suite).

-- The platform's default grants give the API roles REFERENCES and TRIGGER on every new table. The API
-- never needs either, and a direct SQL login as one of those roles could attach a trigger to the
-- catalog, so the read-only tables keep SELECT alone.
revoke references, trigger on public.categories, public.items, public.search_terms from anon, authenticated;

-- PostgREST answers PL/pgSQL's P0002 (no_data_found) with HTTP 500, as if the server had failed.
-- "Not your order / no such order" is the caller's mistake: P0001 maps to 400 with the message.
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

  -- Lock in id order, like place_order, so a cancel and an order never deadlock.
  perform 1 from public.items i
  where i.id in (select oi.item_id from public.order_items oi where oi.order_id = target.id)
  order by i.id
  for update;

  update public.items i set stock = i.stock + oi.quantity
  from public.order_items oi
  where oi.order_id = target.id and oi.item_id = i.id;

  update public.orders o set status = 'cancelled', cancelled_at = now() where o.id = target.id;
  return jsonb_build_object('status', 'cancelled', 'order_id', target.id);
end;
$$;
