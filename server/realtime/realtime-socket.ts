import type { Database } from '../db/database.ts';
import { WebSocket, type RawData } from 'ws';
import type { JwtClaims } from '../gateway/jwt.ts';
import type { ApiKeys } from '../gateway/keys.ts';
import { checkChannelPermissions } from './channel-authorization.ts';
import type { ChannelSession, SocketLink } from './channel-session.ts';
import { joinChannel } from './join-channel.ts';
import {
  broadcastPayload,
  decodeBinary,
  decodeText,
  encodeMessage,
  encodeUserBroadcast,
  type DecodedFrame,
  type PhxMessage,
  type UserBroadcast,
  type Vsn,
} from './protocol/frames.ts';
import { isJsonObject, type JsonObject } from './protocol/json.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import type { RealtimeOptions } from './realtime-options.ts';
import { checkToken } from './tenant-token.ts';

export interface SocketDeps {
  db: Database;
  keys: ApiKeys;
  hub: RealtimeHub;
  options: RealtimeOptions;
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}

/** One client connection: decodes frames, runs them one at a time, owns its channels. */
export class RealtimeSocket implements SocketLink {
  #channels = new Map<string, ChannelSession>();
  // Frames are handled strictly in arrival order (join before the broadcast that follows it).
  #queue: Promise<void> = Promise.resolve();
  #idleTimer: NodeJS.Timeout | null = null;
  #closed = false;

  readonly ws: WebSocket;
  readonly vsn: Vsn;
  readonly tenantClaims: JwtClaims;
  readonly deps: SocketDeps;

  constructor(ws: WebSocket, vsn: Vsn, tenantClaims: JwtClaims, deps: SocketDeps) {
    this.ws = ws;
    this.vsn = vsn;
    this.tenantClaims = tenantClaims;
    this.deps = deps;
    ws.on('message', (data, isBinary) => this.#onFrame(data, isBinary));
    ws.on('close', () => this.#teardown());
    ws.on('error', () => this.#teardown());
    this.#resetIdle();
  }

  sendMessage(message: PhxMessage): void {
    this.#write(encodeMessage(message, this.vsn));
  }

  sendBroadcast(broadcast: UserBroadcast): void {
    const binary = this.vsn === '2.0.0' ? encodeUserBroadcast(broadcast) : null;
    if (binary) this.#write(binary);
    else this.sendMessage({ joinRef: null, ref: null, topic: broadcast.topic, event: 'broadcast', payload: broadcastPayload(broadcast) });
  }

  close(): void {
    this.ws.terminate();
    this.#teardown();
  }

  #write(data: string | Uint8Array): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    // ws buffers without limit; a consumer this far behind is dropped so it cannot grow memory
    // or delay anyone else. Its client reconnects and rejoins.
    if (this.ws.bufferedAmount > this.deps.options.maxBufferedBytes) {
      this.close();
      return;
    }
    this.ws.send(data);
  }

  #resetIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => this.close(), this.deps.options.idleTimeoutMs);
    this.#idleTimer.unref();
  }

  #teardown(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    for (const channel of this.#channels.values()) this.deps.hub.remove(channel);
    this.#channels.clear();
  }

  #onFrame(data: RawData, isBinary: boolean): void {
    this.#resetIdle();
    const bytes = toBytes(data);
    const frame = isBinary ? decodeBinary(bytes) : decodeText(Buffer.from(bytes).toString('utf8'), this.vsn);
    // Heartbeats skip the queue: a slow join must not make the client think the socket is dead.
    if (frame.ok && frame.kind === 'message' && frame.message.topic === 'phoenix' && frame.message.event === 'heartbeat') {
      this.#reply(frame.message, 'ok', {});
      return;
    }
    this.#queue = this.#queue
      .then(() => this.#handle(frame))
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        if (frame.ok && frame.kind === 'message') this.#reply(frame.message, 'error', { reason: `internal error: ${reason}` });
      });
  }

  #reply(to: { joinRef: string | null; ref: string | null; topic: string }, status: 'ok' | 'error', response: JsonObject): void {
    this.sendMessage({ joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
  }

  async #handle(frame: DecodedFrame): Promise<void> {
    if (this.#closed) return;
    if (!frame.ok) {
      this.#reply({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic ?? 'phoenix' }, 'error', {
        reason: `malformed message: ${frame.error}`,
      });
      return;
    }
    if (frame.kind === 'broadcast') {
      const channel = this.#channels.get(frame.broadcast.topic);
      const to = { joinRef: frame.joinRef, ref: frame.ref, topic: frame.broadcast.topic };
      if (!channel) this.#reply(to, 'error', { reason: 'unmatched topic' });
      else this.#broadcast(channel, to, frame.broadcast);
      return;
    }
    const { message } = frame;
    if (message.event === 'phx_join') return this.#join(message);
    const channel = this.#channels.get(message.topic);
    if (!channel) {
      this.#reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (message.event) {
      case 'phx_leave':
        this.#drop(channel);
        this.#reply(message, 'ok', {});
        return;
      case 'access_token':
        return this.#accessToken(channel, message);
      case 'broadcast': {
        const { payload } = message;
        if (typeof payload.event !== 'string') {
          this.#reply(message, 'error', { reason: 'broadcast payload needs a string `event`' });
          return;
        }
        this.#broadcast(channel, message, { topic: message.topic, userEvent: payload.event, payload: payload.payload ?? null, metadata: null });
        return;
      }
      case 'presence':
        return this.#presence(channel, message);
      default:
        this.#reply(message, 'error', { reason: `unsupported event "${message.event}"` });
    }
  }

  async #join(message: PhxMessage): Promise<void> {
    if (!message.topic.startsWith('realtime:')) {
      this.#reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    const previous = this.#channels.get(message.topic);
    if (previous) {
      // Phoenix closes a duplicate join's older channel before starting the new one.
      this.sendMessage({ joinRef: previous.joinRef, ref: previous.joinRef, topic: previous.topic, event: 'phx_close', payload: {} });
      this.#drop(previous);
    }
    const result = await joinChannel(this.deps, this, this.tenantClaims, message);
    if (!result.ok) {
      this.#reply(message, 'error', { reason: result.reason });
      return;
    }
    const { channel } = result;
    if (this.#closed) {
      this.deps.hub.remove(channel);
      return;
    }
    this.#channels.set(channel.topic, channel);
    this.#reply(message, 'ok', result.response);
    for (const error of result.systemErrors) channel.system('postgres_changes', 'error', error);
    const bindings = result.response.postgres_changes;
    if (result.systemErrors.length === 0 && Array.isArray(bindings) && bindings.length > 0) {
      channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    channel.ready = true;
    if (channel.config.presenceEnabled && channel.mayReceive('presence')) {
      channel.push('presence_state', this.deps.hub.presenceState(channel));
    }
    this.#scheduleExpiry(channel);
  }

  #drop(channel: ChannelSession): void {
    this.deps.hub.remove(channel);
    if (this.#channels.get(channel.topic) === channel) this.#channels.delete(channel.topic);
  }

  /** Server-side stop: tell the client why, then phx_close so realtime-js reports CLOSED. */
  #shutdown(channel: ChannelSession, reason: string): void {
    channel.system('system', 'error', reason);
    this.sendMessage({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
    this.#drop(channel);
  }

  #scheduleExpiry(channel: ChannelSession): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    const exp = typeof channel.claims.exp === 'number' ? channel.claims.exp * 1000 : Infinity;
    const delay = Math.max(0, Math.min(this.deps.options.tokenCheckMs, exp - Date.now()));
    channel.expiryTimer = setTimeout(() => {
      if (channel.closed) return;
      if (Date.now() >= exp) this.#shutdown(channel, `Token has expired ${Math.floor((Date.now() - exp) / 1000)} seconds ago`);
      else this.#scheduleExpiry(channel);
    }, delay);
    channel.expiryTimer.unref();
  }

  async #accessToken(channel: ChannelSession, message: PhxMessage): Promise<void> {
    const token = message.payload.access_token;
    // realtime-js sends the publishable key after sign-out when that is the client key; like
    // Realtime, opaque sb_ keys leave the channel's claims untouched.
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return;
    const check = await checkToken(token, this.deps.keys);
    if (channel.closed) return;
    if (!check.ok) {
      this.#shutdown(channel, check.message);
      return;
    }
    channel.claims = check.claims;
    if (channel.config.isPrivate) {
      const broadcast = await checkChannelPermissions(this.deps.db, check.claims, channel.subTopic, 'broadcast');
      const presence = await checkChannelPermissions(this.deps.db, check.claims, channel.subTopic, 'presence');
      channel.permissions = { broadcast, presence };
      if (!broadcast.read && !presence.read) {
        this.#shutdown(channel, `Unauthorized: You do not have permissions to read from this Channel topic: ${channel.subTopic}`);
        return;
      }
    }
    this.#scheduleExpiry(channel);
  }

  #broadcast(channel: ChannelSession, to: { joinRef: string | null; ref: string | null; topic: string }, broadcast: UserBroadcast): void {
    if (channel.config.isPrivate && channel.permissions.broadcast?.write !== true) {
      this.#reply(to, 'error', { reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.subTopic}` });
      return;
    }
    this.deps.hub.broadcast(channel.hubKey, broadcast, channel);
    if (channel.config.broadcastAck && to.ref !== null) this.#reply(to, 'ok', {});
  }

  #presence(channel: ChannelSession, message: PhxMessage): void {
    const { payload } = message;
    if (channel.config.isPrivate && channel.permissions.presence?.write !== true) {
      this.#reply(message, 'error', { reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${channel.subTopic}` });
      return;
    }
    if (payload.event === 'track') {
      const meta = isJsonObject(payload.payload) ? payload.payload : {};
      // Tracking turns presence on for the channel, as Realtime does for late trackers.
      channel.config.presenceEnabled = true;
      this.deps.hub.track(channel, meta);
      this.#reply(message, 'ok', {});
    } else if (payload.event === 'untrack') {
      this.deps.hub.untrack(channel);
      this.#reply(message, 'ok', {});
    } else {
      this.#reply(message, 'error', { reason: `unsupported presence event "${String(payload.event)}"` });
    }
  }
}
