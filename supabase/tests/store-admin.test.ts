import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSupabaseClient, type ServerContext } from '../../server/index.ts';
import { createListeningBackend } from '../../server/testing/listening-backend.ts';
import { subscribed, waitFor } from '../../server/testing/realtime.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { ensureDemoUsers } from '../seed/demo-users.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';
import { TEST_DELIVERY } from './test-delivery.ts';

// The store admin's database (migration …_store_admin.sql), through the API as the app uses it:
// archived items leave the shop, search and every cart (staff still see them); customers cannot
// archive; staff follow every order live on the private topic `staff:orders`; the audit log names
// the staff member. Lumen's backend with realtime on an ephemeral port, the demo staff account.

let backend: TestBackend;
let ctx: ServerContext;
let url: string;
let staff: SupabaseClient;
const clients: SupabaseClient[] = [];
const items: Record<string, number> = {};

beforeAll(async () => {
  backend = await createListeningBackend({ projectDir: LUMEN_PROJECT_DIR });
  ({ ctx, url } = backend);
  await ensureDemoUsers(backend.serviceClient());
  const { rows } = await ctx.db.query<{ slug: string; id: number }>(`
    with category as (insert into categories (slug, name) values ('lighting', 'Lighting') returning id)
    insert into items (slug, title, price_cents, stock, category_id)
    select slug, title, 4900, 50, category.id from category,
      (values ('brass-lantern', 'Brass lantern'), ('glass-vase', 'Glass vase'), ('wool-rug', 'Wool rug'),
              ('desk-lamp', 'Desk lamp'), ('oak-mirror', 'Oak mirror')) v (slug, title)
    returning slug, id::int`);
  for (const row of rows) items[row.slug] = row.id;
  staff = client();
  const { error } = await staff.auth.signInWithPassword({ email: 'staff@lumen.test', password: 'demo-staff-password-1' });
  if (error) throw error;
});

afterAll(async () => {
  for (const c of clients) c.realtime.disconnect();
  await backend?.close();
});

function client(): SupabaseClient {
  const created = createNodeSupabaseClient(url, ctx.keys.anonKey);
  clients.push(created);
  return created;
}

/** A new signed-up customer (confirmations are off locally), acting through REST. */
async function customer(email: string): Promise<SupabaseClient> {
  const signedUp = client();
  const { error } = await signedUp.auth.signUp({ email, password: 'long-enough-password-1' });
  if (error) throw error;
  return signedUp;
}

/** Staff set (or clear) archived_at through REST, with their token. */
async function archive(id: number, archived = true): Promise<void> {
  const { data, error } = await staff
    .from('items')
    .update({ archived_at: archived ? new Date().toISOString() : null })
    .eq('id', id)
    .select('id');
  expect(error).toBeNull();
  expect(data).toEqual([{ id }]);
}

async function readsItem(as: SupabaseClient, id: number): Promise<boolean> {
  const { data, error } = await as.from('items').select('id').eq('id', id);
  expect(error).toBeNull();
  return (data ?? []).length === 1;
}

async function searchFinds(as: SupabaseClient, query: string, id: number): Promise<boolean> {
  const { data, error } = await as.rpc('search_items', { query });
  expect(error).toBeNull();
  return (data as { items: { id: number }[] }).items.some((item) => item.id === id);
}

async function cartOf(as: SupabaseClient): Promise<{ item_id: number; quantity: number }[]> {
  const { data, error } = await as.from('cart_items').select('item_id, quantity').order('item_id');
  expect(error).toBeNull();
  return data ?? [];
}

describe('archived items', () => {
  it('leave the shop for visitors and customers, and search for everyone (staff included); staff still read them; un-archiving brings them back', async () => {
    const id = items['brass-lantern'] ?? 0;
    const anon = client();
    const buyer = await customer('archive-reader@example.test');
    const shoppers = { anon, buyer, staff };
    for (const [who, as] of Object.entries(shoppers)) {
      expect(await searchFinds(as, '', id), who).toBe(true);
      expect(await searchFinds(as, 'lantern', id), who).toBe(true);
    }

    await archive(id);
    expect(await readsItem(anon, id)).toBe(false);
    expect(await readsItem(buyer, id)).toBe(false);
    expect(await readsItem(staff, id)).toBe(true);
    for (const [who, as] of Object.entries(shoppers)) {
      expect(await searchFinds(as, '', id), who).toBe(false);
      expect(await searchFinds(as, 'lantern', id), who).toBe(false);
    }

    await archive(id, false);
    expect(await readsItem(anon, id)).toBe(true);
    expect(await readsItem(buyer, id)).toBe(true);
    for (const [who, as] of Object.entries(shoppers)) {
      expect(await searchFinds(as, '', id), who).toBe(true);
      expect(await searchFinds(as, 'lantern', id), who).toBe(true);
    }
  });

  it('leave every cart, cannot be added again (23503, "no longer in the catalog"), and merge_cart skips them', async () => {
    const id = items['glass-vase'] ?? 0;
    const lamp = items['desk-lamp'] ?? 0;
    const buyer = await customer('archive-cart@example.test');
    expect((await buyer.from('cart_items').upsert({ item_id: id, quantity: 2 }, { onConflict: 'user_id,item_id' })).error).toBeNull();
    expect((await buyer.from('cart_items').upsert({ item_id: lamp, quantity: 1 }, { onConflict: 'user_id,item_id' })).error).toBeNull();
    expect(await cartOf(buyer)).toHaveLength(2);

    await archive(id);
    expect(await cartOf(buyer)).toEqual([{ item_id: lamp, quantity: 1 }]);
    const added = await buyer.from('cart_items').upsert({ item_id: id, quantity: 1 }, { onConflict: 'user_id,item_id' });
    expect(added.error).toMatchObject({ code: '23503', message: 'This item is no longer in the catalog.' });
    const merged = await buyer.rpc('merge_cart', { lines: [{ item_id: id, quantity: 1 }] });
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ item_id: id, requested: 1, quantity: 0 }]);
    expect(await cartOf(buyer)).toEqual([{ item_id: lamp, quantity: 1 }]);
  });

  it('cannot be archived by a customer: RLS updates no row and the item stays on sale', async () => {
    const id = items['wool-rug'] ?? 0;
    const buyer = await customer('archive-attempt@example.test');
    const { data, error } = await buyer.from('items').update({ archived_at: new Date().toISOString() }).eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { rows } = await ctx.db.query('select archived_at from items where id = $1', [id]);
    expect(rows).toEqual([{ archived_at: null }]);
    expect(await readsItem(client(), id)).toBe(true);
  });
});

interface OrderBroadcast {
  event: string;
  payload: { operation: string; table: string; record: { id: number; status: string } };
}

describe('the order board', () => {
  it('streams every new order and every status change to staff on the private topic staff:orders, and refuses customers', async () => {
    await staff.realtime.setAuth((await staff.auth.getSession()).data.session?.access_token ?? null);
    const heard: OrderBroadcast[] = [];
    const board = staff
      .channel('staff:orders', { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => heard.push(message as unknown as OrderBroadcast));
    await subscribed(board);

    const buyer = await customer('board-buyer@example.test');
    expect((await buyer.from('cart_items').upsert({ item_id: items['desk-lamp'] ?? 0, quantity: 1 }, { onConflict: 'user_id,item_id' })).error).toBeNull();
    const placed = await buyer.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { order_id: number }).order_id;
    const about = (status: string) => heard.find((m) => m.payload.record.id === orderId && m.payload.record.status === status);
    const insert = await waitFor(() => about('placed'), 'the new order on the board');
    expect(insert).toMatchObject({ event: 'INSERT', payload: { operation: 'INSERT', table: 'orders' } });

    // As the order-confirmation function would (no webhook worker runs here), then staff move it on.
    await ctx.db.query(`update orders set status = 'confirmed', confirmed_at = now() where id = $1`, [orderId]);
    const packed = await staff.rpc('set_order_status', { order_id: orderId, status: 'packed' });
    expect(packed.error).toBeNull();
    expect(await waitFor(() => about('packed'), 'the status change on the board')).toMatchObject({ event: 'UPDATE', payload: { operation: 'UPDATE' } });

    // A customer's token may not join the board.
    await buyer.realtime.setAuth((await buyer.auth.getSession()).data.session?.access_token ?? null);
    await expect(subscribed(buyer.channel('staff:orders', { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
  });
});

describe('the audit log', () => {
  it('names the staff member by e-mail, with the price before and after', async () => {
    const id = items['oak-mirror'] ?? 0;
    expect((await staff.from('items').update({ price_cents: 5500 }).eq('id', id)).error).toBeNull();
    const { data, error } = await staff
      .from('audit_log')
      .select('action, entity, entity_id, actor_email, before:before->price_cents, after:after->price_cents')
      .eq('entity', 'items')
      .eq('entity_id', String(id));
    expect(error).toBeNull();
    expect(data).toEqual([{ action: 'update', entity: 'items', entity_id: String(id), actor_email: 'staff@lumen.test', before: 4900, after: 5500 }]);
  });
});

describe('what moves an item', () => {
  async function itemRow(id: number) {
    const { rows } = await ctx.db.query<{ updated_at: Date; archived_at: Date | null; stock: number }>(
      'select updated_at, archived_at, stock from items where id = $1',
      [id],
    );
    return rows[0];
  }

  it('a sale, a stock adjustment and new pictures keep updated_at (an open edit form stays valid); a details edit moves it', async () => {
    const id = items['desk-lamp'] ?? 0;
    const before = await itemRow(id);
    const buyer = await customer('sale-keeps-version@example.test');
    expect((await buyer.from('cart_items').upsert({ item_id: id, quantity: 1 }, { onConflict: 'user_id,item_id' })).error).toBeNull();
    expect((await buyer.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY })).error).toBeNull();
    expect((await staff.rpc('adjust_stock', { item_id: id, delta: 3, reason: 'restock' })).error).toBeNull();
    expect((await staff.from('items').update({ image_paths: ['desk-lamp/a'] }).eq('id', id)).error).toBeNull();
    const after = await itemRow(id);
    expect(after?.stock).toBe((before?.stock ?? 0) + 2);
    expect(after?.updated_at).toEqual(before?.updated_at);

    // The edit form's guard: a save against the version it loaded succeeds once, then is stale.
    const loaded = (await staff.from('items').select('updated_at').eq('id', id).single()).data?.updated_at ?? '';
    const saved = await staff.from('items').update({ title: 'Desk lamp, brass' }).eq('id', id).eq('updated_at', loaded).select('id');
    expect(saved.data).toEqual([{ id }]);
    const stale = await staff.from('items').update({ title: 'Desk lamp, oak' }).eq('id', id).eq('updated_at', loaded).select('id');
    expect(stale.data).toEqual([]);
  });

  it('archived_at is the database time, whatever the browser sends, and stays put when archived again', async () => {
    const id = items['wool-rug'] ?? 0;
    const started = Date.now();
    expect((await staff.from('items').update({ archived_at: '2001-01-01T00:00:00Z' }).eq('id', id)).error).toBeNull();
    const first = (await itemRow(id))?.archived_at?.getTime() ?? 0;
    expect(first).toBeGreaterThanOrEqual(started - 5_000);
    expect((await staff.from('items').update({ archived_at: '2030-01-01T00:00:00Z' }).eq('id', id)).error).toBeNull();
    expect((await itemRow(id))?.archived_at?.getTime()).toBe(first);
    await archive(id, false);
  });

  it('stock reasons must fit the direction, and the history names who changed it', async () => {
    const id = items['oak-mirror'] ?? 0;
    const wrongWay = await staff.rpc('adjust_stock', { item_id: id, delta: -2, reason: 'restock' });
    expect(wrongWay.error).toMatchObject({ code: '22023', message: 'A restock adds stock: enter a positive number, or choose another reason.' });
    const damage = await staff.rpc('adjust_stock', { item_id: id, delta: 2, reason: 'damage' });
    expect(damage.error).toMatchObject({ code: '22023' });
    expect((await staff.rpc('adjust_stock', { item_id: id, delta: -2, reason: 'damage', note: 'dropped' })).error).toBeNull();
    const { data } = await staff.from('stock_movements').select('delta, reason, note, actor_email').eq('item_id', id).order('id', { ascending: false }).limit(1);
    expect(data).toEqual([{ delta: -2, reason: 'damage', note: 'dropped', actor_email: 'staff@lumen.test' }]);
  });

  it("a staff member's own purchase is not a staff change in the audit log, and their cart merge skips archived items", async () => {
    const id = items['glass-vase'] ?? 0;
    const lamp = items['desk-lamp'] ?? 0;
    const { count: logged } = await staff.from('audit_log').select('id', { count: 'exact', head: true });
    expect((await staff.from('cart_items').upsert({ item_id: lamp, quantity: 1 }, { onConflict: 'user_id,item_id' })).error).toBeNull();
    const placed = await staff.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(placed.error).toBeNull();
    expect((await staff.rpc('cancel_order', { order_id: (placed.data as { order_id: number }).order_id })).error).toBeNull();
    const { count } = await staff.from('audit_log').select('id', { count: 'exact', head: true });
    expect(count).toBe(logged);

    // glass-vase was archived above; staff can read it, but a merge still leaves it out.
    const merged = await staff.rpc('merge_cart', { lines: [{ item_id: id, quantity: 1 }, { item_id: lamp, quantity: 1 }] });
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([
      { item_id: lamp, requested: 1, quantity: 1 },
      { item_id: id, requested: 1, quantity: 0 },
    ].sort((a, b) => a.item_id - b.item_id));
  });
});
