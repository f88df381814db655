// stock-alert: the target of the low-stock alerts' webhooks (supabase/migrations/…_back_office.sql).
// The database calls it when a variant on sale drops to its low-stock threshold, and again for an
// alert that is due a retry; no browser ever does. As order-confirmation, it refuses any call
// without the webhooks' shared secret before reading anything, trusts nothing in the payload but an
// alert id, claims the alert, mails each staff member with an idempotency key per alert and
// recipient (so a retry, or a repeated call, never mails anyone twice for the same crossing), and
// records the outcome. Runs on Supabase's Deno edge runtime and, unchanged, locally.
import { createClient } from '@supabase/supabase-js';
import { json } from '../_shared/http.ts';
import { sendMail, siteUrl } from '../_shared/send-mail.ts';
import { logRefusal, WEBHOOK_SECRET_ENV, WEBHOOK_SECRET_HEADER, webhookRefusal } from '../_shared/webhook-secret.ts';
import { stockAlertMail, type ClaimedStockAlert } from './stock-alert-mail.ts';

/**
 * The alert a webhook payload is about: private.stock_alerts' row, inserted or updated by the
 * retry job. Only a safe positive integer is an id (a larger number is no bigint, and the
 * database's refusal would answer 500 for what is a malformed request).
 */
function alertIdOf(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { table, record, old_record: oldRecord } = payload as { table?: unknown; record?: unknown; old_record?: unknown };
  if (table !== 'stock_alerts') return null;
  const id = ((record ?? oldRecord) as Record<string, unknown> | null | undefined)?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

const encoder = new TextEncoder();

/**
 * One key per alert and recipient. The address goes in as its SHA-256, so the key stays within the
 * providers' 256 characters whatever the address, and names nobody.
 */
async function idempotencyKey(alertId: number, recipient: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(recipient.trim().toLowerCase())));
  return `lumen-stock-alert-${alertId}/${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

Deno.serve(async (req: Request) => {
  // First, and the same answer whatever was asked: a refused caller learns nothing about the stock.
  const refusal = await webhookRefusal(req, Deno.env.get(WEBHOOK_SECRET_ENV));
  if (refusal) {
    logRefusal('stock-alert', refusal);
    return json(401, { error: `Only the database's stock-alert webhooks may call this function (${WEBHOOK_SECRET_HEADER}).` });
  }
  if (req.method !== 'POST') return json(405, { error: 'Use POST with a Database Webhook payload.' });
  const alertId = alertIdOf(await req.json().catch(() => null));
  if (alertId === null) return json(400, { error: 'Send a Database Webhook payload for private.stock_alerts.' });

  const admin = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  // Read before the alert is claimed: a failure leaves it to the retry job.
  const profile = await admin.from('store_profile').select('name').maybeSingle();
  if (profile.error) return json(500, { error: `The shop's profile could not be read: ${profile.error.message}` });

  const { data, error } = await admin.rpc('claim_stock_alert', { alert_id: alertId });
  if (error) return json(500, { error: `The stock alert could not be read: ${error.message}` });
  if (data === null) return json(404, { error: `Stock alert ${alertId} was not found.` });
  const alert = data as ClaimedStockAlert;
  // Sent already, held by another sender, or nothing to say any more (restocked, no longer sold, no staff).
  if (!alert.claimed) return json(200, { alert_id: alertId, mailed: 0 });

  try {
    const mail = stockAlertMail(alert, { siteUrl: siteUrl(), shopName: (profile.data as { name: string } | null)?.name ?? null });
    // One message each: the staff do not see each other's addresses, and a retry after a partial
    // failure sends only to those the first attempt missed (the others' keys were used).
    for (const recipient of alert.recipients) await sendMail(recipient, mail, await idempotencyKey(alertId, recipient));
    const done = await admin.rpc('complete_stock_alert', { alert_id: alertId });
    if (done.error) throw new Error(`the mails were sent but could not be recorded: ${done.error.message}`);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    await admin.rpc('fail_stock_alert', { alert_id: alertId, reason });
    return json(500, { alert_id: alertId, error: `Not sent, will be retried: ${reason}` });
  }
  return json(200, { alert_id: alertId, mailed: alert.recipients.length });
});
