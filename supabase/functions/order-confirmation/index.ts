// order-confirmation: the target of the orders' webhooks (supabase/migrations/…_order_notifications.sql,
// …_order_webhook_secret.sql). The database calls it after an order is placed, cancelled, shipped or
// delivered, and again for a mail that is due a retry; no browser ever does. A call without the
// webhooks' shared secret is refused before anything is read, so nobody else learns which orders
// exist. It trusts nothing in the payload but an order id: it claims that order's due notifications,
// sends each mail with an idempotency key (so a repeated call or a retry after a lost answer never
// sends twice), and records the outcome, which confirms a placed order when its receipt has gone out.
// Runs on Supabase's Deno edge runtime and, unchanged, locally.
import { createClient } from '@supabase/supabase-js';
import { json } from '../_shared/http.ts';
import { logRefusal, WEBHOOK_SECRET_ENV, WEBHOOK_SECRET_HEADER, webhookRefusal } from './webhook-secret.ts';

interface OrderLine {
  title: string;
  unit_price_cents: number;
  quantity: number;
}

interface Delivery {
  full_name: string;
  line1: string;
  line2: string | null;
  postcode: string;
  city: string;
  country: string;
  phone: string | null;
}

interface ClaimedOrder {
  order_id: number;
  /** What the customer sees (e.g. 7K3Q-9XPD); the id stays internal. */
  reference: string;
  /** With the reference, opens the order on any device without signing in. */
  access_key: string;
  status: string;
  currency: string;
  total_cents: number;
  email: string | null;
  /** Null for orders from before checkout asked where they go. */
  delivery: Delivery | null;
  lines: OrderLine[];
  notifications: { id: number; kind: NotificationKind }[];
}

type NotificationKind = 'receipt' | 'cancellation' | 'shipped' | 'delivered';

interface Mail {
  subject: string;
  text: string;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}

function linesText(order: ClaimedOrder): string[] {
  return order.lines.map((line) => `  ${line.quantity} × ${line.title} — ${money(line.unit_price_cents * line.quantity, order.currency)}`);
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function deliveryText(delivery: Delivery | null): string[] {
  if (!delivery) return [];
  const { full_name, line1, line2, postcode, city, country, phone } = delivery;
  const lines = [full_name, line1, line2, `${postcode} ${city}`, countryNames.of(country) ?? country, phone ? `Phone: ${phone}` : null];
  return ['', 'Delivery to:', ...lines.filter((line): line is string => Boolean(line)).map((line) => `  ${line}`)];
}

/**
 * The order's page for whoever holds the mail: the key lets a guest (or anyone the mail is
 * forwarded to) open it on any device. SITE_URL is the shop's address on hosted projects (a
 * function secret); locally the app is served by the backend itself.
 */
function orderLink(order: ClaimedOrder): string {
  const site = (Deno.env.get('SITE_URL') ?? Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, '');
  return `${site}/orders/${encodeURIComponent(order.reference)}?${new URLSearchParams({ key: order.access_key })}`;
}

function mailFor(order: ClaimedOrder, kind: NotificationKind): Mail {
  const ref = order.reference;
  const link = ['', `See your order: ${orderLink(order)}`];
  switch (kind) {
    case 'receipt':
      return {
        subject: `Your Lumen order ${ref} is confirmed`,
        text: [`Thank you! Order ${ref} is confirmed.`, '', ...linesText(order), '', `Total: ${money(order.total_cents, order.currency)}`, ...deliveryText(order.delivery), ...link, '', 'Lumen'].join('\n'),
      };
    case 'cancellation':
      return {
        subject: `Your Lumen order ${ref} is cancelled`,
        text: [`Order ${ref} is cancelled. Nothing was charged, and the items are back on sale.`, '', ...linesText(order), ...link, '', 'Lumen'].join('\n'),
      };
    case 'shipped':
      return {
        subject: `Your Lumen order ${ref} is on its way`,
        text: [`Good news: order ${ref} has shipped.`, '', ...linesText(order), ...deliveryText(order.delivery), ...link, '', 'Lumen'].join('\n'),
      };
    case 'delivered':
      return {
        subject: `Your Lumen order ${ref} was delivered`,
        text: [`Order ${ref} was delivered. We hope you enjoy it.`, '', ...linesText(order), ...link, '', 'Lumen'].join('\n'),
      };
  }
}

/** Local deployments post to the dev outbox; hosted ones to Resend with RESEND_API_KEY. Both keep the idempotency key. */
async function sendMail(to: string, mail: Mail, idempotencyKey: string): Promise<void> {
  const localApi = Deno.env.get('LUMEN_MAIL_API_URL');
  const resendKey = Deno.env.get('RESEND_API_KEY');
  const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey };
  if (localApi) {
    const response = await fetch(localApi, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')}` },
      body: JSON.stringify({ to, ...mail }),
    });
    if (!response.ok) throw new Error(`the local mail API answered ${response.status}`);
  } else if (resendKey) {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${resendKey}` },
      body: JSON.stringify({ from: Deno.env.get('RECEIPT_FROM') ?? 'Lumen <orders@example.com>', to, ...mail }),
    });
    if (!response.ok) throw new Error(`the mail provider answered ${response.status}`);
  } else {
    throw new Error('no mail transport configured (LUMEN_MAIL_API_URL or RESEND_API_KEY)');
  }
}

/**
 * The order a webhook payload is about: orders' own rows, or a notification's order. Only a safe
 * positive integer is an id: 1e308 is an integer to JavaScript but no bigint, and reached the
 * database as one, whose refusal answered 500 for what is a malformed request.
 */
function orderIdOf(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { table, record, old_record: oldRecord } = payload as { table?: unknown; record?: unknown; old_record?: unknown };
  const row = (record ?? oldRecord) as Record<string, unknown> | null | undefined;
  const id = table === 'orders' ? row?.id : table === 'order_notifications' ? row?.order_id : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

Deno.serve(async (req: Request) => {
  // First, and the same answer whatever was asked: a refused caller learns nothing about orders.
  const refusal = await webhookRefusal(req, Deno.env.get(WEBHOOK_SECRET_ENV));
  if (refusal) {
    logRefusal(refusal);
    return json(401, { error: `Only the database's order webhooks may call this function (${WEBHOOK_SECRET_HEADER}).` });
  }
  if (req.method !== 'POST') return json(405, { error: 'Use POST with a Database Webhook payload.' });
  const orderId = orderIdOf(await req.json().catch(() => null));
  if (orderId === null) {
    return json(400, { error: 'Send a Database Webhook payload for public.orders or private.order_notifications.' });
  }

  const admin = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const sent: string[] = [];
  const failed: string[] = [];
  // A notification queued while this call was sending (a cancellation right after ordering) is
  // picked up in the next round; one more caller finding them taken simply gets nothing to do.
  for (let round = 0; round < 3; round++) {
    const { data, error } = await admin.rpc('claim_order_notifications', { order_id: orderId });
    if (error) return json(500, { error: `The order's notifications could not be read: ${error.message}` });
    if (data === null) return json(404, { error: `Order ${orderId} was not found.` });
    const order = data as ClaimedOrder;
    if (order.notifications.length === 0) break;
    for (const notification of order.notifications) {
      try {
        await sendMail(order.email ?? '', mailFor(order, notification.kind), `lumen-order-${order.order_id}/${notification.kind}`);
        const done = await admin.rpc('complete_order_notification', { notification_id: notification.id });
        if (done.error) throw new Error(`the mail was sent but could not be recorded: ${done.error.message}`);
        sent.push(notification.kind);
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : String(cause);
        await admin.rpc('fail_order_notification', { notification_id: notification.id, reason });
        failed.push(`${notification.kind}: ${reason}`);
      }
    }
    if (failed.length > 0) break;
  }
  if (failed.length > 0) return json(502, { order_id: orderId, sent, error: `Not sent, will be retried: ${failed.join('; ')}` });
  return json(200, { order_id: orderId, sent });
});
