import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningBackend } from '../../server/testing/listening-backend.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await createListeningBackend({ projectDir: LUMEN_PROJECT_DIR });
  await backend.ctx.db.exec(`
    insert into categories (slug, name) values ('lighting', 'Lighting');
    insert into items (slug, title, price_cents, stock, category_id) values ('desk-lamp', 'Desk lamp', 4900, 5, 1);
  `);
});

afterAll(() => backend.close());

async function buyer(email: string) {
  const client = backend.anonClient();
  const { error } = await client.auth.signUp({ email, password: 'long-enough-password-1' });
  if (error) throw error;
  return client;
}

describe('order-confirmation (edge function)', () => {
  it('sends the receipt to the outbox and marks the caller’s order confirmed', async () => {
    const client = await buyer('receipt@example.test');
    const { data: item } = await client.from('items').select('id').eq('slug', 'desk-lamp').single();
    expect((await client.from('cart_items').insert({ item_id: item?.id, quantity: 2 })).error).toBeNull();
    const { data: placed, error } = await client.rpc('place_order', { idempotency_key: crypto.randomUUID() });
    expect(error).toBeNull();
    const orderId = (placed as { order_id: number }).order_id;

    const confirmed = await client.functions.invoke('order-confirmation', { body: { order_id: orderId } });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data).toEqual({ status: 'confirmed' });
    const { data: order } = await client.from('orders').select('status, confirmed_at').eq('id', orderId).single();
    expect(order?.status).toBe('confirmed');
    expect(order?.confirmed_at).not.toBeNull();
    const [mail] = await backend.ctx.mail.list({ to: 'receipt@example.test' });
    expect(mail?.subject).toBe(`Your Lumen order #${orderId} is confirmed`);
    expect(mail?.text).toContain('2 × Desk lamp');
    expect(mail?.text).toContain('Total: €98.00');

    const again = await client.functions.invoke('order-confirmation', { body: { order_id: orderId } });
    expect(again.data).toEqual({ status: 'confirmed' });
    expect(await backend.ctx.mail.list({ to: 'receipt@example.test' })).toHaveLength(1);
  });

  it('refuses another user’s order, anonymous callers and bad bodies', async () => {
    const owner = await buyer('owner@example.test');
    const { data: item } = await owner.from('items').select('id').eq('slug', 'desk-lamp').single();
    await owner.from('cart_items').insert({ item_id: item?.id, quantity: 1 });
    const { data: placed } = await owner.rpc('place_order', { idempotency_key: crypto.randomUUID() });
    const orderId = (placed as { order_id: number }).order_id;

    const stranger = await buyer('stranger@example.test');
    const foreign = await stranger.functions.invoke('order-confirmation', { body: { order_id: orderId } });
    expect(foreign.error).not.toBeNull();
    expect(await foreign.response?.json()).toEqual({ error: `Order ${orderId} was not found.` });
    const anonymous = await backend.anonClient().functions.invoke('order-confirmation', { body: { order_id: orderId } });
    expect(anonymous.response?.status).toBe(401);
    const bad = await owner.functions.invoke('order-confirmation', { body: { order_id: 'one' } });
    expect(bad.response?.status).toBe(400);
    const { data: order } = await owner.from('orders').select('status').eq('id', orderId).single();
    expect(order?.status).toBe('placed');
  });
});
