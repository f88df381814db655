import { openPrivateChannel } from './supabase.ts';

/** What the database sends on a private topic (`realtime.broadcast_changes`, `realtime.send`). */
export interface TopicBroadcast {
  event: string;
  payload: unknown;
}

export interface TopicListener {
  onBroadcast?: (message: TopicBroadcast) => void;
  /** Each (re)subscription, and at once for a listener joining a topic already subscribed: refetch what may have been missed. */
  onSubscribed?: () => void;
}

interface SharedTopic {
  listeners: Set<TopicListener>;
  subscribed: boolean;
  close: () => void;
}

const topics = new Map<string, SharedTopic>();

/**
 * Listens to a private per-user topic (`cart:<uid>`, `orders:<uid>`). realtime-js has one channel
 * per topic, so two parts of the page listening to the same topic (an order page and the order
 * list, say) share one channel here: each gets every broadcast, and closing one leaves the other
 * subscribed. The channel is removed when its last listener goes. Returns the cleanup.
 */
export function listenToPrivateTopic(topic: string, listener: TopicListener): () => void {
  let shared = topics.get(topic);
  if (shared) {
    shared.listeners.add(listener);
    if (shared.subscribed) queueMicrotask(() => listener.onSubscribed?.());
  } else {
    const created: SharedTopic = { listeners: new Set([listener]), subscribed: false, close: () => undefined };
    created.close = openPrivateChannel(topic, (channel) =>
      channel
        .on('broadcast', { event: '*' }, (message: TopicBroadcast) => {
          for (const each of created.listeners) each.onBroadcast?.(message);
        })
        .subscribe((status) => {
          created.subscribed = status === 'SUBSCRIBED';
          if (created.subscribed) for (const each of created.listeners) each.onSubscribed?.();
        }),
    );
    topics.set(topic, created);
    shared = created;
  }
  const entry = shared;
  return () => {
    if (!entry.listeners.delete(listener) || entry.listeners.size > 0) return;
    if (topics.get(topic) === entry) topics.delete(topic);
    entry.close();
  };
}
