-- Receipts and cancellation mails are driven by the database, never by a browser tab.
--
-- Every order gets a receipt notification when it is placed, and a cancellation notification when
-- it is cancelled (private.order_notifications, one per order and kind). Database Webhooks
-- (supabase_functions.http_request → pg_net) call the order-confirmation function after the
-- transaction commits; the function claims the order's due notifications, sends each mail with an
-- idempotency key and records the outcome, and a placed order becomes confirmed only when its
-- receipt is sent. A send that fails is retried with backoff: a pg_cron job asks the webhook again
-- for every notification that is due, so nothing depends on the first request arriving.
--
-- Before `supabase db push` on a hosted project: enable Database Webhooks (Integrations), and
-- store the project's URL in Vault, as Supabase documents for calling functions from SQL:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
-- The local backend and the Supabase CLI stack have both (the local one answers http://kong:8000).

create extension if not exists pg_cron with schema pg_catalog;

do $$
begin
  if to_regprocedure('supabase_functions.http_request()') is null then
    raise exception 'Database Webhooks are not enabled on this project.'
      using hint = 'Enable them (Dashboard → Integrations → Database Webhooks), then run supabase db push again.';
  end if;
  if not exists (select 1 from vault.decrypted_secrets where name = 'project_url') then
    raise exception 'Vault has no secret named project_url: the webhooks need the project''s URL.'
      using hint = 'Run  select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'');  then supabase db push again.';
  end if;
end
$$;

create schema if not exists private;
revoke all on schema private from public;
comment on schema private is 'Bookkeeping the API never exposes; reached only through security-definer functions.';

create table private.order_notifications (
  id bigint generated always as identity primary key,
  order_id bigint not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('receipt', 'cancellation')),
  state text not null default 'pending' check (state in ('pending', 'sent', 'skipped')),
  attempts integer not null default 0,
  -- When a failed (or never claimed) notification may be tried again; the first try is at once.
  next_attempt_at timestamptz not null default now() + interval '1 minute',
  -- A sender holds the notification until then; a sender that died lets it go when it passes.
  claimed_until timestamptz,
  -- Set by the retry job; the change fires the retry webhook.
  retry_requested_at timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, kind)
);

comment on table private.order_notifications is
  'One mail per order and kind: pending until the order-confirmation function has sent it (or found nothing to send).';

create index order_notifications_due_idx on private.order_notifications (next_attempt_at) where state = 'pending';

alter table private.order_notifications enable row level security;

-- Queues the receipt when an order is placed and the cancellation mail when it is cancelled.
create function private.queue_order_notifications() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.order_notifications (order_id, kind) values (new.id, 'receipt');
  elsif new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    insert into private.order_notifications (order_id, kind) values (new.id, 'cancellation') on conflict do nothing;
  end if;
  return null;
end;
$$;

create trigger orders_queue_notifications after insert or update of status on public.orders
for each row execute function private.queue_order_notifications();

-- (Re)creates the Database Webhooks with the function's address from Vault. Run it again after
-- changing the project_url secret (a custom domain, say): select private.install_order_webhooks();
create function private.install_order_webhooks() returns void
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
  drop trigger if exists order_notification_retry_webhook on private.order_notifications;
  execute format(
    'create trigger order_confirmation_webhook after insert on public.orders for each row '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
  execute format(
    'create trigger order_cancellation_webhook after update of status on public.orders for each row '
    'when (new.status = ''cancelled'' and old.status is distinct from ''cancelled'') '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
  execute format(
    'create trigger order_notification_retry_webhook after update of retry_requested_at on private.order_notifications '
    'for each row when (new.retry_requested_at is distinct from old.retry_requested_at) '
    'execute function supabase_functions.http_request(%L, %L, %L, %L, %L)', url, 'POST', headers, '{}', '5000');
end;
$$;

select private.install_order_webhooks();

-- The order-confirmation function (service role) takes the order's due notifications: at most one
-- sender per order at a time, in the order they were queued. Nothing to send for a receipt of an
-- order cancelled before it was confirmed, nor for an account that is gone: those are skipped.
-- Returns null for an unknown order, otherwise the order, its lines, the recipient and the claimed
-- notifications (none when another sender holds them or nothing is due).
create function public.claim_order_notifications(order_id bigint) returns jsonb
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
  select u.email into recipient from auth.users u where u.id = target.user_id;

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
    'status', target.status,
    'currency', target.currency,
    'total_cents', target.total_cents,
    'created_at', target.created_at,
    'email', recipient,
    'lines', (
      select coalesce(jsonb_agg(jsonb_build_object('title', oi.title, 'unit_price_cents', oi.unit_price_cents, 'quantity', oi.quantity) order by oi.id), '[]')
      from public.order_items oi where oi.order_id = target.id),
    'notifications', coalesce(claimed, '[]'));
end;
$$;

-- The mail went out: the notification is done, and a placed order is confirmed by its receipt.
create function public.complete_order_notification(notification_id bigint) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  done private.order_notifications;
begin
  update private.order_notifications n set state = 'sent', sent_at = now(), claimed_until = null, last_error = null
  where n.id = notification_id and n.state = 'pending'
  returning * into done;
  if done.kind = 'receipt' then
    update public.orders o set status = 'confirmed', confirmed_at = now() where o.id = done.order_id and o.status = 'placed';
  end if;
end;
$$;

-- The mail could not be sent: let go of it and try again after a backoff (30 s, 1 min, 2 min, … 1 h).
create function public.fail_order_notification(notification_id bigint, reason text) returns void
language sql
security definer
set search_path = ''
as $$
  update private.order_notifications n set
    claimed_until = null,
    last_error = left(reason, 1000),
    next_attempt_at = now() + least(interval '30 seconds' * power(2, greatest(n.attempts - 1, 0)), interval '1 hour')
  where n.id = notification_id and n.state = 'pending';
$$;

-- Where an order's mails stand, for the shop and for `npm run check:hosted` (service role only).
create function public.order_notification_states(order_id bigint)
returns table (kind text, state text, attempts integer, next_attempt_at timestamptz, last_error text, sent_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select n.kind, n.state, n.attempts, n.next_attempt_at, n.last_error, n.sent_at
  from private.order_notifications n where n.order_id = order_notification_states.order_id order by n.id
$$;

revoke execute on function public.claim_order_notifications(bigint), public.complete_order_notification(bigint),
  public.fail_order_notification(bigint, text), public.order_notification_states(bigint) from public, anon, authenticated;
grant execute on function public.claim_order_notifications(bigint), public.complete_order_notification(bigint),
  public.fail_order_notification(bigint, text), public.order_notification_states(bigint) to service_role;

-- The retry job: every notification that is due and not held by a sender is asked for again
-- through its webhook (at most once a minute each). Returns how many.
create function private.request_due_order_notifications() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  requested integer;
begin
  update private.order_notifications n set retry_requested_at = now()
  where n.state = 'pending' and n.next_attempt_at <= now()
    and (n.claimed_until is null or n.claimed_until <= now())
    and (n.retry_requested_at is null or n.retry_requested_at <= now() - interval '1 minute');
  get diagnostics requested = row_count;
  return requested;
end;
$$;

revoke all on function private.queue_order_notifications(), private.install_order_webhooks(),
  private.request_due_order_notifications() from public;

select cron.schedule('order-notification-retries', '30 seconds', 'select private.request_due_order_notifications()');
