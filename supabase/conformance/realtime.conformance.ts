import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawFrame, RawSocket } from '../../server/testing/realtime.ts';
import { TEST_DELIVERY } from '../tests/test-delivery.ts';
import {
  anonClient,
  type CatalogItem,
  conformanceTarget,
  createThrowawayUser,
  pickItem,
  readStock,
  removeThrowawayUser,
  subscribeChannel,
  subscribeToChanges,
  type ThrowawayUser,
  waitFor,
} from './support.ts';

const NTH_ITEM = 2;

interface Change<Row> {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Partial<Row>;
}

/** What realtime.broadcast_changes sends (the broadcast's inner payload). */
interface RowBroadcast<Row> {
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  payload: { operation: string; table: string; record: Partial<Row> | null; old_record: Partial<Row> | null };
}

interface CartRow {
  user_id: string;
  item_id: number;
  quantity: number;
}

interface OrderRow {
  id: number;
  user_id: string;
  status: string;
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

/** Frames that carry data (not join replies, which echo back what the subscriber itself asked for). */
const DATA_EVENTS = new Set(['broadcast', 'postgres_changes', 'presence_state', 'presence_diff']);

/**
 * A bare WebSocket subscriber: it records every frame the server sends, not only what
 * realtime-js would pass to a callback (the client drops postgres_changes events that match none
 * of its bindings, which would hide a leak).
 */
async function eavesdropper(token: string | null): Promise<{ socket: RawSocket; join: (topic: string, config: object) => Promise<string> }> {
  const { url, anonKey } = conformanceTarget();
  const socket = await RawSocket.open(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey)}&vsn=1.0.0`);
  let ref = 0;
  const join = async (topic: string, config: object): Promise<string> => {
    ref += 1;
    const joinRef = String(ref);
    socket.send(
      JSON.stringify({
        topic: `realtime:${topic}`,
        event: 'phx_join',
        payload: { config: { broadcast: { self: false, ack: false }, presence: { enabled: false, key: '' }, postgres_changes: [], private: false, ...config }, ...(token ? { access_token: token } : {}) },
        ref: joinRef,
        join_ref: joinRef,
      }),
    );
    const reply = (await socket.next((frame) => !Array.isArray(frame) && 'ref' in frame && frame.ref === joinRef && frame.event === 'phx_reply')) as {
      payload: { status: string };
    };
    return reply.payload.status;
  };
  return { socket, join };
}

function dataFrames(frames: RawFrame[]): RawFrame[] {
  return frames.filter((frame) => !Array.isArray(frame) && 'event' in frame && DATA_EVENTS.has(String(frame.event)));
}

describe('private data over realtime', () => {
  it('cart and order changes reach their owner on private channels, and nobody else hears of them however they subscribe', async () => {
    const cartEvents: RowBroadcast<CartRow>[] = [];
    const orderEvents: RowBroadcast<OrderRow>[] = [];
    const cartChannel = owner.client
      .channel(`cart:${owner.id}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => cartEvents.push(message as unknown as RowBroadcast<CartRow>));
    const orderChannel = owner.client
      .channel(`orders:${owner.id}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => orderEvents.push(message as unknown as RowBroadcast<OrderRow>));
    await subscribeChannel(cartChannel);
    await subscribeChannel(orderChannel);

    // Every way another user or a visitor could try to listen in.
    const spy = await eavesdropper(await other.accessToken());
    const visitorSpy = await eavesdropper(null);
    for (const topic of [`cart:${owner.id}`, `orders:${owner.id}`]) {
      expect(await spy.join(topic, { private: true })).toBe('error');
      expect(await visitorSpy.join(topic, { private: true })).toBe('error');
      expect(await spy.join(topic, {})).toBe('ok');
      expect(await visitorSpy.join(topic, {})).toBe('ok');
    }
    const tableBindings = ['cart_items', 'orders'].flatMap((table) => [
      { event: '*', schema: 'public', table },
      { event: '*', schema: 'public', table, filter: `user_id=eq.${owner.id}` },
    ]);
    // Joins may be refused (a table outside the publication) or accepted and never fed: both are fine.
    for (const [index, binding] of [{ event: '*', schema: 'public' }, { event: '*', schema: '*' }, ...tableBindings].entries()) {
      await spy.join(`changes-${index}`, { postgres_changes: [binding] });
      await visitorSpy.join(`changes-${index}`, { postgres_changes: [binding] });
    }
    expect(await spy.join(`cart:${other.id}`, { private: true })).toBe('ok');

    expect((await owner.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    expect((await owner.client.from('cart_items').update({ quantity: 2 }).eq('item_id', item.id)).error).toBeNull();
    expect((await owner.client.from('cart_items').delete().eq('item_id', item.id)).error).toBeNull();
    expect((await owner.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const placed = await owner.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { order_id: number }).order_id;
    expect((await owner.client.rpc('cancel_order', { order_id: orderId })).error).toBeNull();

    await waitFor(() => cartEvents.length >= 5, 'five cart changes (add, change, remove, add, ordered)');
    expect(cartEvents.map((event) => event.event)).toEqual(['INSERT', 'UPDATE', 'DELETE', 'INSERT', 'DELETE']);
    expect(cartEvents[1].payload).toMatchObject({ table: 'cart_items', record: { user_id: owner.id, item_id: item.id, quantity: 2 } });
    expect(cartEvents[2].payload.old_record).toMatchObject({ user_id: owner.id, item_id: item.id });
    await waitFor(() => orderEvents.find((event) => event.payload.record?.status === 'cancelled'), 'the order turning cancelled');
    expect(orderEvents[0]).toMatchObject({ event: 'INSERT', payload: { table: 'orders', record: { id: orderId, user_id: owner.id } } });

    // The other user's own change arrives after all of the owner's (commit order): had any of the
    // owner's reached a spy, it would be among its frames by now.
    expect((await other.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    await waitFor(
      () => dataFrames(spy.socket.frames).some((frame) => JSON.stringify(frame).includes(other.id)),
      'the other user’s own cart change on their private topic',
    );
    for (const frame of [...dataFrames(spy.socket.frames), ...dataFrames(visitorSpy.socket.frames)]) {
      expect(JSON.stringify(frame)).not.toContain(owner.id);
    }

    await other.client.from('cart_items').delete().eq('item_id', item.id);
    spy.socket.ws.close();
    visitorSpy.socket.ws.close();
    await owner.client.removeChannel(cartChannel);
    await owner.client.removeChannel(orderChannel);
  });

  it('shows live stock to visitors (items stay on postgres_changes: stock is public)', async () => {
    const stockEvents: Change<{ id: number; stock: number }>[] = [];
    const stockChannel = visitor
      .channel(`item-stock-${item.id}`)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'items', filter: `id=eq.${item.id}` }, (change) =>
        stockEvents.push(change as unknown as Change<{ id: number; stock: number }>),
      );
    await subscribeToChanges(stockChannel);

    const before = await readStock(item.id);
    expect((await owner.client.from('cart_items').insert({ item_id: item.id, quantity: 1 })).error).toBeNull();
    const placed = await owner.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { order_id: number }).order_id;
    const taken = await waitFor(() => stockEvents.find((event) => event.new.stock === before - 1), 'the stock going down');
    expect(taken.new.id).toBe(item.id);

    expect((await owner.client.rpc('cancel_order', { order_id: orderId })).error).toBeNull();
    await waitFor(() => stockEvents.find((event) => event.new.stock === before), 'the stock coming back');
    await visitor.removeChannel(stockChannel);
  });
});
