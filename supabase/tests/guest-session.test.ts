import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { backendWithLamp } from './lumen-backend.ts';
import { TEST_DELIVERY } from './test-delivery.ts';

// A guest's whole life through the real auth server and REST, as the app drives it with supabase-js:
// an anonymous session made at checkout, the order, then sign-up from that session (the same user:
// cart and orders stay) or sign-in to an existing account (the one-time hand-over), and the receipt
// going to the address given at checkout.

let backend: TestBackend;
let lampId: number;

beforeAll(async () => {
  ({ backend, lampId } = await backendWithLamp());
});

afterAll(() => backend.close());

function browser(): SupabaseClient {
  return createClient(backend.ctx.publicUrl, backend.ctx.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** A guest checkout: the anonymous session, then the browser's cart sent with the order. */
async function guestOrders(client: SupabaseClient, email: string): Promise<{ guestId: string; reference: string }> {
  const { data: session, error: signInError } = await client.auth.signInAnonymously();
  expect(signInError).toBeNull();
  expect(session.user?.is_anonymous).toBe(true);
  const { data, error } = await client.rpc('place_order', {
    idempotency_key: crypto.randomUUID(),
    delivery: TEST_DELIVERY,
    contact_email: email,
    lines: [{ item_id: lampId, quantity: 2 }],
  });
  expect(error).toBeNull();
  const placed = data as { status: string; reference: string };
  expect(placed.status).toBe('placed');
  return { guestId: session.user?.id ?? '', reference: placed.reference };
}

const references = async (client: SupabaseClient) => ((await client.from('orders').select('reference')).data ?? []).map((row: { reference: string }) => row.reference);

describe('a guest through the real auth server', () => {
  it('signs up from the guest session and keeps the same user, its order and its cart; the receipt went to the checkout address', async () => {
    const client = browser();
    const email = 'guest-signs-up@example.test';
    const { guestId, reference } = await guestOrders(client, email);
    expect((await client.from('cart_items').insert({ item_id: lampId, quantity: 1 })).error).toBeNull();
    await backend.workers?.net?.idle();
    expect((await backend.ctx.mail.list({ to: email })).map((mail) => mail.subject)).toEqual([`Your Lumen order ${reference} is confirmed`]);

    const { data, error } = await client.auth.updateUser({ email, password: 'long-enough-password-1' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: guestId, email, is_anonymous: false });
    const { data: refreshed } = await client.auth.refreshSession();
    const claims = JSON.parse(Buffer.from(refreshed.session?.access_token.split('.')[1] ?? '', 'base64url').toString()) as { is_anonymous: boolean };
    expect(claims.is_anonymous).toBe(false);
    expect(await references(client)).toEqual([reference]);
    expect((await client.from('cart_items').select('quantity')).data).toEqual([{ quantity: 1 }]);

    // The password works from anywhere now.
    const elsewhere = browser();
    expect((await elsewhere.auth.signInWithPassword({ email, password: 'long-enough-password-1' })).error).toBeNull();
    expect(await references(elsewhere)).toEqual([reference]);
  });

  it('signs in to an existing account and hands the order over once; the guest user is gone', async () => {
    const email = 'has-an-account@example.test';
    const account = browser();
    expect((await account.auth.signUp({ email, password: 'long-enough-password-1' })).error).toBeNull();

    const client = browser();
    const { guestId, reference } = await guestOrders(client, email);
    const { data: token, error } = await client.rpc('begin_guest_transfer');
    expect(error).toBeNull();
    expect((await client.auth.signInWithPassword({ email, password: 'long-enough-password-1' })).error).toBeNull();
    const { data: moved } = await client.rpc('finish_guest_transfer', { token });
    expect(moved).toEqual({ orders: 1 });
    expect(await references(client)).toEqual([reference]);
    const again = await client.rpc('finish_guest_transfer', { token });
    expect(again.error?.code).toBe('P0002');
    const { rows } = await backend.ctx.db.query('select 1 from auth.users where id = $1', [guestId]);
    expect(rows).toEqual([]);
  });

  it('opens the order by its link with no session at all', async () => {
    const { reference } = await guestOrders(browser(), 'link-holder@example.test');
    const { rows } = await backend.ctx.db.query<{ access_key: string }>('select access_key from orders where reference = $1', [reference]);
    const { data, error } = await browser().rpc('order_by_link', { reference, access_key: rows[0]?.access_key });
    expect(error).toBeNull();
    expect(data).toMatchObject({ reference, contact_email: 'link-holder@example.test', item_count: 2 });
  });
});
