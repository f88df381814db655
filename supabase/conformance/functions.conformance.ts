import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DELIVERY } from '../tests/test-delivery.ts';
import {
  anonClient,
  type CatalogItem,
  conformanceTarget,
  createThrowawayUser,
  pickItem,
  readStock,
  removeThrowawayUser,
  reportWarning,
  serviceClient,
  type ThrowawayUser,
} from './support.ts';

const NTH_ITEM = 1;

let buyer: ThrowawayUser;
let item: CatalogItem;

beforeAll(async () => {
  buyer = await createThrowawayUser('receipt');
  item = await pickItem(NTH_ITEM);
});

afterAll(() => removeThrowawayUser(buyer));

interface NotificationState {
  kind: string;
  state: string;
  attempts: number;
  last_error: string | null;
}

async function errorBody(error: unknown): Promise<unknown> {
  return error instanceof FunctionsHttpError ? (error.context as Response).json() : null;
}

describe('order-confirmation, called by the database', () => {
  it('confirms a new order and sends its receipt with no client asking (a missing mail provider is a warning)', async () => {
    const before = await readStock(item.id);
    expect((await buyer.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const placed = await buyer.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { order_id: number }).order_id;

    // Nothing here calls the function: the order's Database Webhook does.
    const status = async () => (await buyer.client.from('orders').select('status').eq('id', orderId).single()).data?.status as string | undefined;
    const states = async () => (await serviceClient().rpc('order_notification_states', { order_id: orderId })).data as NotificationState[] | null;
    let confirmed = false;
    let last: NotificationState[] | null = null;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      confirmed = (await status()) === 'confirmed';
      if (confirmed) break;
      last = await states();
      if (last?.[0]?.last_error) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (confirmed) {
      expect(await states()).toEqual([expect.objectContaining({ kind: 'receipt', state: 'sent', attempts: 1, last_error: null })]);
    } else {
      const receipt = last?.[0];
      expect(receipt, 'the receipt notification of a new order').toBeDefined();
      // attempts 0: the webhook never got through to the function (project_url, Database Webhooks, verify_jwt,
      // or the webhook secret: Vault's order_webhook_secret must equal the function's ORDER_WEBHOOK_SECRET).
      expect(
        receipt?.attempts,
        'order-confirmation was never called by the webhook, or refused it (is Vault\'s order_webhook_secret the function\'s ORDER_WEBHOOK_SECRET? its logs say)',
      ).toBeGreaterThan(0);
      expect(receipt?.last_error).toMatch(/mail/);
      reportWarning(
        `order-confirmation ran but could not send the receipt (${receipt?.last_error ?? '?'}): set RESEND_API_KEY and RECEIPT_FROM with ` +
          '"supabase secrets set"; with them set, set LUMEN_HOSTED_EMAIL_DOMAIN to a domain the provider delivers to. It retries by itself.',
      );
    }

    // Put the stock back.
    expect((await buyer.client.rpc('cancel_order', { order_id: orderId })).error).toBeNull();
    expect(await readStock(item.id)).toBe(before);
  });

  it('refuses every call without the webhooks\' secret alike, whether the order exists or not', async () => {
    const { url } = conformanceTarget();
    const existing = await someOrderOfTheBuyer();
    const call = (body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
      fetch(`${url}/functions/v1/order-confirmation`, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: method === 'GET' ? undefined : JSON.stringify(body),
      });
    const webhook = (id: number) => ({ type: 'INSERT', table: 'orders', schema: 'public', record: { id } });
    const answers = [];
    for (const response of [
      await call(webhook(existing)),
      await call(webhook(2_000_000_000)),
      await call(webhook(existing), { 'x-webhook-secret': 'not-the-secret' }),
      await call({ order_id: existing }),
      await call(null, {}, 'GET'),
    ]) {
      answers.push({ status: response.status, body: await response.json() });
    }
    // The function's own refusal (the gateway's, with verify_jwt on, reads {"msg": …}), the same every time.
    const refused = { status: 401, body: { error: "Only the database's order webhooks may call this function (x-webhook-secret)." } };
    expect(answers).toEqual(Array.from({ length: answers.length }, () => refused));
  });
});

/** An order of the buyer's (the receipt test's, or a new one, cancelled at once to put the stock back). */
async function someOrderOfTheBuyer(): Promise<number> {
  const { data } = await buyer.client.from('orders').select('id').order('id', { ascending: false }).limit(1);
  const known = (data as { id: number }[] | null)?.[0]?.id;
  if (known !== undefined) return known;
  expect((await buyer.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
  const placed = await buyer.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
  expect(placed.error).toBeNull();
  const orderId = (placed.data as { order_id: number }).order_id;
  expect((await buyer.client.rpc('cancel_order', { order_id: orderId })).error).toBeNull();
  return orderId;
}

describe('edge function delete-account', () => {
  it('needs {"confirm": true}, then deletes the caller and nobody else', async () => {
    const leaving = await createThrowawayUser('leaving');
    try {
      const unconfirmed = await leaving.client.functions.invoke('delete-account', { body: {} });
      expect(unconfirmed.response?.status).toBe(400);
      expect(await errorBody(unconfirmed.error)).toMatchObject({ code: 'confirmation_required' });

      const anonymous = await anonClient().functions.invoke('delete-account', { body: { confirm: true } });
      expect(anonymous.response?.status).toBe(401);

      const deleted = await leaving.client.functions.invoke('delete-account', { body: { confirm: true } });
      expect(deleted.error).toBeNull();
      expect(deleted.data).toEqual({ deleted: true });
      const { data: gone } = await serviceClient().auth.admin.getUserById(leaving.id);
      expect(gone.user).toBeNull();
      const { data: stays } = await serviceClient().auth.admin.getUserById(buyer.id);
      expect(stays.user?.id).toBe(buyer.id);
    } finally {
      await removeThrowawayUser(leaving);
    }
  });
});
