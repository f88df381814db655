-- The customer hears of their order's journey by mail, driven by the database as receipts are
-- (docs/decisions/006-orders-without-the-tab.md): when staff mark an order shipped or delivered
-- (set_order_status), a notification is queued and a Database Webhook calls order-confirmation,
-- which sends it once (idempotency key) and retries on failure. Packing is the shop's business.

alter table private.order_notifications drop constraint order_notifications_kind_check;
alter table private.order_notifications add constraint order_notifications_kind_check
  check (kind in ('receipt', 'cancellation', 'shipped', 'delivered'));

create or replace function private.queue_order_notifications() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.order_notifications (order_id, kind) values (new.id, 'receipt');
  elsif new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    insert into private.order_notifications (order_id, kind) values (new.id, 'cancellation') on conflict do nothing;
  elsif new.status in ('shipped', 'delivered') and old.status is distinct from new.status then
    insert into private.order_notifications (order_id, kind) values (new.id, new.status) on conflict do nothing;
  end if;
  return null;
end;
$$;

-- As before, plus the webhook for shipped and delivered orders.
create or replace function private.install_order_webhooks() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text := (select rtrim(s.decrypted_secret, '/') from vault.decrypted_secrets s where s.name = 'project_url');
  url text := base || '/functions/v1/order-confirmation';
  headers text := '{"Content-Type":"application/json"}';
begin
  if base is null or base = '' then
    raise exception 'Vault has no secret named project_url.';
  end if;
  drop trigger if exists order_confirmation_webhook on public.orders;
  drop trigger if exists order_cancellation_webhook on public.orders;
  drop trigger if exists order_shipping_webhook on public.orders;
  drop trigger if exists order_notification_retry_webhook on private.order_notifications;
  execute format(
    'create trigger order_confirmation_webhook after insert on public.orders for each row '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
  execute format(
    'create trigger order_cancellation_webhook after update of status on public.orders for each row '
    'when (new.status = ''cancelled'' and old.status is distinct from ''cancelled'') '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
  execute format(
    'create trigger order_shipping_webhook after update of status on public.orders for each row '
    'when (new.status in (''shipped'', ''delivered'') and old.status is distinct from new.status) '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
  execute format(
    'create trigger order_notification_retry_webhook after update of retry_requested_at on private.order_notifications '
    'for each row when (new.retry_requested_at is distinct from old.retry_requested_at) '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
end;
$$;

select private.install_order_webhooks();
