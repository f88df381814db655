import type { ChannelSession } from './channel-session.ts';
import { PresenceStore, type PresenceDiff } from './presence-store.ts';
import type { UserBroadcast } from './protocol/frames.ts';
import type { JsonObject } from './protocol/json.ts';

/** The postgres_changes extension as the channel layer sees it. */
export interface ChangesExtension {
  /** Returns the join reply entries (echo + id) and the system errors to report. */
  subscribe(channel: ChannelSession, bindings: JsonObject[]): Promise<{ replies: JsonObject[]; errors: string[] }>;
  unsubscribe(channel: ChannelSession): void;
}

/** Topic membership shared by all sockets: broadcast fan-out and presence. */
export class RealtimeHub {
  #topics = new Map<string, Set<ChannelSession>>();
  #presence = new Map<string, PresenceStore<ChannelSession>>();
  changes: ChangesExtension | null = null;

  add(channel: ChannelSession): void {
    let members = this.#topics.get(channel.hubKey);
    if (!members) this.#topics.set(channel.hubKey, (members = new Set()));
    members.add(channel);
  }

  remove(channel: ChannelSession): void {
    channel.closed = true;
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    this.changes?.unsubscribe(channel);
    const members = this.#topics.get(channel.hubKey);
    members?.delete(channel);
    if (members?.size === 0) this.#topics.delete(channel.hubKey);
    this.untrack(channel);
  }

  /** Sends a user broadcast to the topic's members; the sender only when it asked for `self`. */
  broadcast(hubKey: string, broadcast: UserBroadcast, sender: ChannelSession | null): number {
    let delivered = 0;
    for (const member of this.#topics.get(hubKey) ?? []) {
      if (member === sender && !member.config.broadcastSelf) continue;
      if (!member.mayReceive('broadcast')) continue;
      member.socket.sendBroadcast({ ...broadcast, topic: member.topic });
      delivered++;
    }
    return delivered;
  }

  presenceState(channel: ChannelSession): JsonObject {
    return this.#presence.get(channel.hubKey)?.state() ?? {};
  }

  track(channel: ChannelSession, payload: JsonObject): void {
    let store = this.#presence.get(channel.hubKey);
    if (!store) this.#presence.set(channel.hubKey, (store = new PresenceStore()));
    this.#sendDiff(channel.hubKey, store.track(channel, channel.config.presenceKey, payload));
  }

  untrack(channel: ChannelSession): void {
    const store = this.#presence.get(channel.hubKey);
    const diff = store?.untrack(channel);
    if (store?.size === 0) this.#presence.delete(channel.hubKey);
    if (diff) this.#sendDiff(channel.hubKey, diff);
  }

  #sendDiff(hubKey: string, diff: PresenceDiff): void {
    for (const member of this.#topics.get(hubKey) ?? []) {
      if (!member.config.presenceEnabled || !member.mayReceive('presence')) continue;
      member.push('presence_diff', { joins: diff.joins, leaves: diff.leaves });
    }
  }
}
