// order-confirmation: the target of the orders' webhooks (supabase/migrations/…_order_notifications.sql,
// …_order_webhook_secret.sql, …_back_office.sql). The database calls it after an order is placed,
// cancelled, shipped or delivered, after each return, and again for a mail that is due a retry; no
// browser ever does. A call without the
// webhooks' shared secret is refused before anything is read, so nobody else learns which orders
// exist. It trusts nothing in the payload but an order id: it claims that order's due notifications,
// sends each mail with an idempotency key (so a repeated call or a retry after a lost answer never
// sends twice), and records the outcome, which confirms a placed order when its receipt has gone out.
// Runs on Supabase's Deno edge runtime and, unchanged, locally.
import { createClient } from '@supabase/supabase-js';
import { json } from '../_shared/http.ts';
import { sendMail, siteUrl } from '../_shared/send-mail.ts';
import { logRefusal, WEBHOOK_SECRET_ENV, WEBHOOK_SECRET_HEADER, webhookRefusal } from '../_shared/webhook-secret.ts';
import { orderMail, type ClaimedNotification, type ClaimedOrder, type ShopProfile } from './order-mails.ts';

/**
 * The key a mail is sent with: one per order and kind, and one per return (an order may come back
 * in parts, each with its own mail), so no retry ever sends the same mail twice.
 */
function idempotencyKey(order: ClaimedOrder, notification: ClaimedNotification): string {
  const base = `lumen-order-${order.order_id}/${notification.kind}`;
  return notification.kind === 'return' ? `${base}/${notification.return_id ?? 'none'}` : base;
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
    logRefusal('order-confirmation', refusal);
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
  // Read once per call, before anything is claimed: a failure leaves the mails to the retry job.
  const profile = await admin.from('store_profile').select('name, contact_email, phone, address_line1, postcode, city, country').maybeSingle();
  if (profile.error) return json(500, { error: `The shop's profile could not be read: ${profile.error.message}` });
  const context = { siteUrl: siteUrl(), shop: profile.data as ShopProfile | null };
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
        await sendMail(order.email ?? '', orderMail(order, notification, context), idempotencyKey(order, notification));
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
