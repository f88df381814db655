import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  type CatalogItem,
  createThrowawayUser,
  ITEM_COLUMNS,
  pickItem,
  removeThrowawayUser,
  type ThrowawayUser,
} from './support.ts';

/** Cart files never order, so they may share items with each other; nth 3 keeps clear of the others. */
const NTH_ITEM = 3;

let owner: ThrowawayUser;
let other: ThrowawayUser;
let item: CatalogItem;

beforeAll(async () => {
  owner = await createThrowawayUser('cart-owner');
  other = await createThrowawayUser('cart-other');
  item = await pickItem(NTH_ITEM);
});

afterAll(async () => {
  await removeThrowawayUser(owner);
  await removeThrowawayUser(other);
});

describe('RLS on cart_items', () => {
  it('an owner adds a line (user_id from auth.uid()) and reads it back with the item embedded', async () => {
    const insert = await owner.client.from('cart_items').insert({ item_id: item.id, quantity: 1 });
    expect(insert.error).toBeNull();
    const { data, error } = await owner.client.from('cart_items').select('user_id, item_id, quantity, item:items(id, slug, stock)');
    expect(error).toBeNull();
    expect(data).toEqual([{ user_id: owner.id, item_id: item.id, quantity: 1, item: { id: item.id, slug: item.slug, stock: item.stock } }]);
  });

  it('changes a line with the app’s upsert on (user_id, item_id)', async () => {
    const upsert = await owner.client.from('cart_items').upsert({ item_id: item.id, quantity: 2 }, { onConflict: 'user_id,item_id' });
    expect(upsert.error).toBeNull();
    const { data } = await owner.client.from('cart_items').select('user_id, item_id, quantity');
    expect(data).toEqual([{ user_id: owner.id, item_id: item.id, quantity: 2 }]);
  });

  it('another user sees none of it and can neither change, delete nor add to it', async () => {
    const { data: seen, error } = await other.client.from('cart_items').select('user_id, item_id, quantity');
    expect(error).toBeNull();
    expect(seen).toEqual([]);

    const update = await other.client.from('cart_items').update({ quantity: 1 }).eq('user_id', owner.id).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const removal = await other.client.from('cart_items').delete().eq('user_id', owner.id).select();
    expect(removal.error).toBeNull();
    expect(removal.data).toEqual([]);
    const planted = await other.client.from('cart_items').insert({ user_id: owner.id, item_id: item.id, quantity: 1 });
    expect(planted.error?.code).toBe('42501');

    const { data: still } = await owner.client.from('cart_items').select('user_id, item_id, quantity');
    expect(still).toEqual([{ user_id: owner.id, item_id: item.id, quantity: 2 }]);
  });

  it('the browser key without a session cannot read carts at all', async () => {
    const { data, error } = await anonClient().from('cart_items').select('user_id');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });

  it('refuses a quantity above the stock with the server’s reason', async () => {
    // Other conformance files order and restock items against the same backend meanwhile, so the
    // stock read here may have moved by the time of the insert: ask for far more than there is
    // (99, the most a line may hold) and read the count from the answer.
    const { data } = await anonClient().from('items').select(ITEM_COLUMNS).gte('stock', 1).lt('stock', 50).order('id').limit(1).single();
    const scarce = data as CatalogItem;
    const { error } = await other.client.from('cart_items').insert({ item_id: scarce.id, quantity: 99 });
    expect(error?.code).toBe('23514');
    expect(error?.message).toMatch(/^Only \d+ of .+ left\.$/);
    expect(error?.message).toContain(` of ${scarce.title} left.`);
  });

  it('an owner removes their line', async () => {
    const removal = await owner.client.from('cart_items').delete().eq('item_id', item.id).select('item_id');
    expect(removal.error).toBeNull();
    expect(removal.data).toEqual([{ item_id: item.id }]);
    expect((await owner.client.from('cart_items').select('item_id')).data).toEqual([]);
  });
});
