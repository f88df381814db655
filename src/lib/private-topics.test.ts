import { afterEach, describe, expect, it, vi } from 'vitest';

type Status = 'SUBSCRIBED' | 'CLOSED';
type Handler = (message: { event: string; payload: unknown }) => void;

/**
 * The part of realtime-js this relies on, as it behaves (RealtimeClient.channel and
 * RealtimeChannel.subscribe in 2.x): one channel object per topic until removeChannel has its
 * leave acknowledged; channel() hands back that object, even while it is leaving; subscribe() on a
 * channel that is not closed does nothing.
 */
class FakeChannel {
  state: 'closed' | 'joining' | 'joined' | 'leaving' = 'closed';
  readonly handlers: Handler[] = [];
  private readonly client: FakeRealtime;
  readonly topic: string;

  constructor(client: FakeRealtime, topic: string) {
    this.client = client;
    this.topic = topic;
  }

  on(_type: string, _filter: unknown, handler: Handler): this {
    this.handlers.push(handler);
    return this;
  }

  subscribe(callback: (status: Status) => void): this {
    if (this.state !== 'closed') return this;
    this.state = 'joining';
    setTimeout(() => {
      this.state = 'joined';
      this.client.joins++;
      callback('SUBSCRIBED');
    }, 1);
    return this;
  }

  deliver(message: { event: string; payload: unknown }): void {
    for (const handler of this.handlers) handler(message);
  }
}

class FakeRealtime {
  channels: FakeChannel[] = [];
  joins = 0;
  leaveAcks: (() => void)[] = [];

  channel(topic: string): FakeChannel {
    const existing = this.channels.find((channel) => channel.topic === topic);
    if (existing) return existing;
    const created = new FakeChannel(this, topic);
    this.channels.push(created);
    return created;
  }

  async removeChannel(channel: FakeChannel): Promise<string> {
    channel.state = 'leaving';
    await new Promise<void>((resolve) => this.leaveAcks.push(resolve));
    channel.state = 'closed';
    this.channels = this.channels.filter((each) => each !== channel);
    return 'ok';
  }

  ackLeaves(): void {
    for (const ack of this.leaveAcks.splice(0)) ack();
  }
}

const realtime = new FakeRealtime();

vi.mock('@supabase/supabase-js', () => ({
  createClient: () => ({
    channel: (topic: string) => realtime.channel(topic),
    removeChannel: (channel: FakeChannel) => realtime.removeChannel(channel),
    realtime: { setAuth: async () => undefined },
  }),
}));

const { listenToPrivateTopic } = await import('./private-topics.ts');

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never saw ${what}`);
}

afterEach(async () => {
  realtime.ackLeaves();
  await until(() => realtime.channels.length === 0 || realtime.channels.every((channel) => channel.state === 'joined'), 'a quiet client');
});

describe('listenToPrivateTopic', () => {
  it('subscribes again when a topic is closed and reopened before the leave was acknowledged', async () => {
    let first = 0;
    const closeFirst = listenToPrivateTopic('orders:u1', { onSubscribed: () => first++ });
    await until(() => first === 1, 'the first SUBSCRIBED');
    closeFirst();
    let second = 0;
    const closeSecond = listenToPrivateTopic('orders:u1', { onSubscribed: () => second++ });
    // The old channel is still leaving; the new listener must wait for it, not reuse it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(0);
    realtime.ackLeaves();
    await until(() => second === 1, 'the reopened topic’s SUBSCRIBED');
    expect(realtime.channels.filter((channel) => channel.topic === 'orders:u1')).toHaveLength(1);
    closeSecond();
  });

  it('shares one channel between listeners of a topic, each hearing every broadcast until it leaves', async () => {
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    let subscribedB = 0;
    const closeA = listenToPrivateTopic('cart:u2', { onBroadcast: (message) => heardA.push(message.payload) });
    await until(() => realtime.channels.some((channel) => channel.topic === 'cart:u2' && channel.state === 'joined'), 'the join');
    const joinsBefore = realtime.joins;
    // A listener arriving on a subscribed topic is told at once, without a second join.
    const closeB = listenToPrivateTopic('cart:u2', { onBroadcast: (message) => heardB.push(message.payload), onSubscribed: () => subscribedB++ });
    await until(() => subscribedB === 1, 'the late listener’s SUBSCRIBED');
    expect(realtime.joins).toBe(joinsBefore);

    const channel = realtime.channels.find((each) => each.topic === 'cart:u2');
    channel?.deliver({ event: 'INSERT', payload: 1 });
    closeA();
    expect(channel?.state).toBe('joined');
    channel?.deliver({ event: 'UPDATE', payload: 2 });
    expect(heardA).toEqual([1]);
    expect(heardB).toEqual([1, 2]);
    closeB();
    await until(() => channel?.state === 'leaving', 'the last listener’s leave');
  });

  it('cleans up a listener closed before the client even loaded', async () => {
    let subscribed = 0;
    listenToPrivateTopic('orders:u3', { onSubscribed: () => subscribed++ })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(subscribed).toBe(0);
    expect(realtime.channels.some((channel) => channel.topic === 'orders:u3')).toBe(false);
  });
});
