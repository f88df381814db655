import type { JwtClaims } from '../gateway/jwt.ts';
import type { ChannelPermissions, Extension } from './channel-authorization.ts';
import type { PhxMessage, UserBroadcast, Vsn } from './protocol/frames.ts';
import type { JsonObject } from './protocol/json.ts';

/** What a channel needs from its socket. */
export interface SocketLink {
  readonly vsn: Vsn;
  sendMessage(message: PhxMessage): void;
  sendBroadcast(broadcast: UserBroadcast): void;
}

export interface ChannelConfig {
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  isPrivate: boolean;
}

let nextChannelId = 1;

/** One joined topic on one socket (a Phoenix channel process, server side). */
export class ChannelSession {
  readonly id = nextChannelId++;
  /** Topics are separate per privacy, like hosted: a public and a private "room" never mix. */
  readonly hubKey: string;
  readonly subTopic: string;
  permissions: Partial<Record<Extension, ChannelPermissions>> = {};
  closed = false;
  /** Set once the join reply is out: changes must not reach a client before it knows binding ids. */
  ready = false;
  expiryTimer: NodeJS.Timeout | null = null;

  readonly socket: SocketLink;
  readonly topic: string;
  readonly joinRef: string | null;
  readonly config: ChannelConfig;
  /** Replaced by `access_token` pushes; the change dispatcher reads it per event. */
  claims: JwtClaims;

  constructor(socket: SocketLink, topic: string, joinRef: string | null, config: ChannelConfig, claims: JwtClaims) {
    this.socket = socket;
    this.topic = topic;
    this.joinRef = joinRef;
    this.config = config;
    this.claims = claims;
    this.subTopic = topic.slice('realtime:'.length);
    this.hubKey = `${config.isPrivate ? 'private' : 'public'}:${topic}`;
  }

  get role(): string {
    return typeof this.claims.role === 'string' ? this.claims.role : 'anon';
  }

  push(event: string, payload: JsonObject): void {
    if (this.closed) return;
    this.socket.sendMessage({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic });
  }

  /** Private channels only deliver to members whose SELECT policy allows reading. */
  mayReceive(extension: Extension): boolean {
    if (!this.config.isPrivate) return true;
    return this.permissions[extension]?.read === true;
  }
}
