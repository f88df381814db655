import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  type CatalogItem,
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

async function errorBody(error: unknown): Promise<unknown> {
  return error instanceof FunctionsHttpError ? (error.context as Response).json() : null;
}

describe('edge function order-confirmation', () => {
  it('confirms the caller’s order and sends the receipt (a missing mail provider is a warning)', async () => {
    const before = await readStock(item.id);
    expect((await buyer.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const placed = await buyer.client.rpc('place_order', { idempotency_key: crypto.randomUUID() });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { order_id: number }).order_id;

    const { data, error, response } = await buyer.client.functions.invoke('order-confirmation', { body: { order_id: orderId } });
    const { data: order } = await buyer.client.from('orders').select('status, confirmed_at').eq('id', orderId).single();
    if (response?.status === 502) {
      // The function ran, found the order and refused to confirm it without a receipt.
      const body = (await errorBody(error)) as { error?: string } | null;
      expect(body?.error).toMatch(/^The receipt could not be sent: /);
      expect(order).toEqual({ status: 'placed', confirmed_at: null });
      reportWarning(
        `order-confirmation could not send the receipt (${body?.error ?? 'no body'}): without a mail provider set RESEND_API_KEY and ` +
          'RECEIPT_FROM with "supabase secrets set"; with one, set LUMEN_HOSTED_EMAIL_DOMAIN to a domain it delivers to.',
      );
    } else {
      expect(error).toBeNull();
      expect(response?.status).toBe(200);
      expect(data).toEqual({ status: 'confirmed' });
      expect(order?.status).toBe('confirmed');
      expect(order?.confirmed_at).toBeTruthy();
    }

    // Put the stock back.
    expect((await buyer.client.rpc('cancel_order', { order_id: orderId })).error).toBeNull();
    expect(await readStock(item.id)).toBe(before);
  });

  it('answers 404 for an order that is not the caller’s, 400 for a bad body and 401 without a session', async () => {
    const missing = await buyer.client.functions.invoke('order-confirmation', { body: { order_id: 2_000_000_000 } });
    expect(missing.response?.status).toBe(404);
    expect(await errorBody(missing.error)).toEqual({ error: 'Order 2000000000 was not found.' });
    const bad = await buyer.client.functions.invoke('order-confirmation', { body: { order_id: 'one' } });
    expect(bad.response?.status).toBe(400);
    const anonymous = await anonClient().functions.invoke('order-confirmation', { body: { order_id: 1 } });
    expect(anonymous.response?.status).toBe(401);
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
