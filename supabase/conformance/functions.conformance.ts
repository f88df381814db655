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
      // attempts 0: the webhook never reached the function (project_url, Database Webhooks, verify_jwt).
      expect(receipt?.attempts, 'order-confirmation was never called by the webhook').toBeGreaterThan(0);
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

  it('takes calls without a JWT but acts only on a real order: 405, 400 and 404 otherwise', async () => {
    const { url } = conformanceTarget();
    const call = (body: unknown, method = 'POST') =>
      fetch(`${url}/functions/v1/order-confirmation`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(body),
      });
    expect((await call(null, 'GET')).status).toBe(405);
    expect((await call({ order_id: 1 })).status).toBe(400);
    const missing = await call({ type: 'INSERT', table: 'orders', schema: 'public', record: { id: 2_000_000_000 } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Order 2000000000 was not found.' });
  });
});

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
