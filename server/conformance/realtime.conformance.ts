import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  type CatalogItem,
  createThrowawayUser,
  pickItem,
  readStock,
  removeThrowawayUser,
  subscribeToChanges,
  type ThrowawayUser,
  waitFor,
} from './support.ts';

const NTH_ITEM = 2;

interface Change<Row> {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Partial<Row>;
}

interface CartRow {
  user_id: string;
  item_id: number;
  quantity: number;
}

let owner: ThrowawayUser;
let other: ThrowawayUser;
let visitor: SupabaseClient;
let item: CatalogItem;

beforeAll(async () => {
  owner = await createThrowawayUser('realtime-owner');
  other = await createThrowawayUser('realtime-other');
  visitor = anonClient();
  item = await pickItem(NTH_ITEM);
  // Realtime joins with the session's token, as the browser's client does after sign-in.
  await owner.client.realtime.setAuth(await owner.accessToken());
  await other.client.realtime.setAuth(await other.accessToken());
});

afterAll(async () => {
  await visitor?.removeAllChannels();
  visitor?.realtime.disconnect();
  await removeThrowawayUser(owner);
  await removeThrowawayUser(other);
});

describe('realtime postgres_changes', () => {
  it('cart_items changes reach their owner, and RLS keeps them from everyone else', async () => {
    const ownerEvents: Change<CartRow>[] = [];
    const otherEvents: Change<CartRow>[] = [];
    // The app's binding: the owner's rows only.
    const ownerChannel = owner.client
      .channel(`cart-${owner.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'cart_items', filter: `user_id=eq.${owner.id}` }, (change) =>
        ownerEvents.push(change as unknown as Change<CartRow>),
      );
    // No filter at all: RLS alone must keep the owner's rows away from this subscriber.
    const otherChannel = other.client
      .channel('cart-everything')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'cart_items' }, (change) =>
        otherEvents.push(change as unknown as Change<CartRow>),
      );
    await subscribeToChanges(ownerChannel);
    await subscribeToChanges(otherChannel);

    expect((await owner.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const inserted = await waitFor(() => ownerEvents.find((event) => event.eventType === 'INSERT'), 'the owner’s INSERT');
    expect(inserted.new).toMatchObject({ user_id: owner.id, item_id: item.id, quantity: 1 });

    expect((await owner.client.from('cart_items').update({ quantity: 2 }).eq('item_id', item.id)).error).toBeNull();
    const updated = await waitFor(() => ownerEvents.find((event) => event.eventType === 'UPDATE'), 'the owner’s UPDATE');
    expect(updated.new).toMatchObject({ user_id: owner.id, item_id: item.id, quantity: 2 });

    // Changes arrive in commit order: had the other subscriber been sent the owner's rows, they
    // would come before its own. DELETEs are not RLS-checked (hosted realtime sends every
    // subscriber the primary key of a deleted row), so only INSERTs and UPDATEs count here.
    expect((await other.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const visible = () => otherEvents.filter((event) => event.eventType !== 'DELETE');
    const first = await waitFor(() => visible()[0], 'the other user’s own INSERT');
    expect(first.eventType).toBe('INSERT');
    expect(first.new).toMatchObject({ user_id: other.id, item_id: item.id });
    expect(visible().every((event) => event.new.user_id === other.id)).toBe(true);

    await owner.client.from('cart_items').delete().eq('item_id', item.id);
    await other.client.from('cart_items').delete().eq('item_id', item.id);
    await owner.client.removeChannel(ownerChannel);
    await other.client.removeChannel(otherChannel);
  });

  it('an order shows live stock to visitors and live status to its owner', async () => {
    const stockEvents: Change<{ id: number; stock: number }>[] = [];
    const orderEvents: Change<{ id: number; status: string }>[] = [];
    const stockChannel = visitor
      .channel(`item-stock-${item.id}`)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'items', filter: `id=eq.${item.id}` }, (change) =>
        stockEvents.push(change as unknown as Change<{ id: number; stock: number }>),
      );
    const orderChannel = owner.client
      .channel(`orders-${owner.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'orders', filter: `user_id=eq.${owner.id}` }, (change) =>
        orderEvents.push(change as unknown as Change<{ id: number; status: string }>),
      );
    await subscribeToChanges(stockChannel);
    await subscribeToChanges(orderChannel);

    const before = await readStock(item.id);
    expect((await owner.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const placed = await owner.client.rpc('place_order', { idempotency_key: crypto.randomUUID() });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { order_id: number }).order_id;

    const taken = await waitFor(() => stockEvents.find((event) => event.new.stock === before - 1), 'the stock going down');
    expect(taken.new.id).toBe(item.id);
    await waitFor(() => orderEvents.find((event) => event.eventType === 'INSERT' && event.new.id === orderId), 'the new order');

    expect((await owner.client.rpc('cancel_order', { order_id: orderId })).error).toBeNull();
    await waitFor(() => stockEvents.find((event) => event.new.stock === before), 'the stock coming back');
    const cancelled = await waitFor(
      () => orderEvents.find((event) => event.eventType === 'UPDATE' && event.new.status === 'cancelled'),
      'the order turning cancelled',
    );
    expect(cancelled.new.id).toBe(orderId);

    await visitor.removeChannel(stockChannel);
    await owner.client.removeChannel(orderChannel);
  });
});
