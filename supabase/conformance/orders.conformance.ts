import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DELIVERY } from '../tests/test-delivery.ts';
import {
  anonClient,
  type CatalogItem,
  createThrowawayUser,
  pickItem,
  readStock,
  removeThrowawayUser,
  type ThrowawayUser,
} from './support.ts';

const NTH_ITEM = 0;

interface SearchPage {
  total: number;
  items: { id: number; slug: string; title: string; price_cents: number; stock: number; category_slug: string; image_paths: string[] }[];
}

let buyer: ThrowawayUser;
let stranger: ThrowawayUser;
let item: CatalogItem;

beforeAll(async () => {
  buyer = await createThrowawayUser('buyer');
  stranger = await createThrowawayUser('stranger');
  item = await pickItem(NTH_ITEM);
});

afterAll(async () => {
  await removeThrowawayUser(buyer);
  await removeThrowawayUser(stranger);
});

describe('rpc search_items', () => {
  it('lists a page sorted by price with the total', async () => {
    const { data, error } = await anonClient().rpc('search_items', { query: '', sort: 'price_asc', page: 1, page_size: 12 });
    expect(error).toBeNull();
    const page = data as SearchPage;
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    expect(page.items.length).toBeGreaterThan(0);
    const prices = page.items.map((row) => row.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('finds an item by its title within its category and price', async () => {
    const { data: category } = await anonClient().from('categories').select('slug').eq('id', item.category_id).single();
    const slug = (category as { slug: string }).slug;
    const { data, error } = await anonClient().rpc('search_items', {
      query: item.title,
      category: slug,
      min_price: item.price_cents,
      max_price: item.price_cents,
      page_size: 60,
    });
    expect(error).toBeNull();
    const page = data as SearchPage;
    expect(page.items.map((row) => row.id)).toContain(item.id);
    for (const row of page.items) {
      expect(row.category_slug).toBe(slug);
      expect(row.price_cents).toBe(item.price_cents);
    }
  });

  it('refuses bad paging with 22023 and a clear message', async () => {
    const { data, error } = await anonClient().rpc('search_items', { page_size: 0 });
    expect(data).toBeNull();
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('page_size must be between 1 and 60');
  });
});

describe('rpc place_order / cancel_order', () => {
  it('places an order from the cart, takes the stock, and cancelling puts it back', async () => {
    const before = await readStock(item.id);
    expect((await buyer.client.from('cart_items').insert({ item_id: item.id, quantity: 2 })).error).toBeNull();

    const placed = await buyer.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(placed.error).toBeNull();
    const result = placed.data as { status: string; order_id: number; total_cents: number; currency: string };
    expect(result).toMatchObject({ status: 'placed', total_cents: item.price_cents * 2, currency: item.currency });
    expect(await readStock(item.id)).toBe(before - 2);
    expect((await buyer.client.from('cart_items').select('item_id')).data).toEqual([]);

    const { data: order } = await buyer.client
      .from('orders')
      .select('id, status, total_cents, item_count, order_items(item_id, title, unit_price_cents, quantity)')
      .eq('id', result.order_id)
      .single();
    expect(order).toEqual({
      id: result.order_id,
      // The database's webhook may have confirmed it already (functions.conformance.ts checks that).
      status: expect.stringMatching(/^(placed|confirmed)$/),
      total_cents: item.price_cents * 2,
      item_count: 2,
      order_items: [{ item_id: item.id, title: item.title, unit_price_cents: item.price_cents, quantity: 2 }],
    });

    // Someone else can neither see nor cancel it.
    expect((await stranger.client.from('orders').select('id').eq('id', result.order_id)).data).toEqual([]);
    const foreign = await stranger.client.rpc('cancel_order', { order_id: result.order_id });
    expect(foreign.error?.code).toBe('P0001');
    expect(foreign.error?.message).toBe(`Order ${result.order_id} was not found.`);

    const cancelled = await buyer.client.rpc('cancel_order', { order_id: result.order_id });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toEqual({ status: 'cancelled', order_id: result.order_id });
    expect(await readStock(item.id)).toBe(before);
    const again = await buyer.client.rpc('cancel_order', { order_id: result.order_id });
    expect(again.error?.code).toBe('P0001');
    expect(again.error?.message).toBe(`Order ${result.order_id} is already cancelled.`);
  });

  it('refuses an empty cart, and callers without a session', async () => {
    const empty = await stranger.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(empty.error?.message).toBe('Your cart is empty.');
    const anonymous = await anonClient().rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(anonymous.error?.code).toBe('42501');
  });
});
