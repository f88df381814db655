import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { JwtClaims } from '../gateway/jwt.ts';
import type { ApiKeys } from '../gateway/keys.ts';
import { bindingReplies } from './binding-id.ts';
import { checkChannelPermissions } from './channel-authorization.ts';
import { ChannelSession, type ChannelConfig, type SocketLink } from './channel-session.ts';
import type { PhxMessage } from './protocol/frames.ts';
import { isJsonObject, type JsonObject } from './protocol/json.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import { checkToken } from './tenant-token.ts';

export type JoinResult = { ok: true; channel: ChannelSession; response: JsonObject; systemErrors: string[] } | { ok: false; reason: string };

function readConfig(payload: JsonObject): { config: ChannelConfig; bindings: JsonObject[] } | string {
  const raw = payload.config ?? {};
  if (!isJsonObject(raw)) return 'config must be an object';
  const broadcast = isJsonObject(raw.broadcast) ? raw.broadcast : {};
  const presence = isJsonObject(raw.presence) ? raw.presence : {};
  const changes = raw.postgres_changes ?? [];
  if (!Array.isArray(changes) || !changes.every(isJsonObject)) return 'config.postgres_changes must be an array of objects';
  const key = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID();
  return {
    config: {
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceKey: key,
      presenceEnabled: presence.enabled === true,
      isPrivate: raw.private === true,
    },
    bindings: changes,
  };
}

/**
 * phx_join for `realtime:<name>` (§5.3): checks the user token, private-channel policies
 * and postgres_changes bindings, then registers the channel with the hub.
 */
export async function joinChannel(
  deps: { db: Database; keys: ApiKeys; hub: RealtimeHub },
  socket: SocketLink,
  tenantClaims: JwtClaims,
  message: PhxMessage,
): Promise<JoinResult> {
  const subTopic = message.topic.slice('realtime:'.length);
  if (subTopic === '') return { ok: false, reason: 'TopicNameRequired: You must provide a topic name' };
  const parsed = readConfig(message.payload);
  if (typeof parsed === 'string') return { ok: false, reason: `MalformedJoinPayload: ${parsed}` };

  let claims = tenantClaims;
  const token = message.payload.access_token;
  // sb_ keys are not JWTs; Realtime keeps the socket's role for them.
  if (typeof token === 'string' && token !== '' && !token.startsWith('sb_')) {
    const check = await checkToken(token, deps.keys);
    if (!check.ok) return { ok: false, reason: `${check.code}: ${check.message}` };
    claims = check.claims;
  }

  const channel = new ChannelSession(socket, message.topic, message.joinRef, parsed.config, claims);
  if (parsed.config.isPrivate) {
    const broadcast = await checkChannelPermissions(deps.db, claims, subTopic, 'broadcast');
    const presence = await checkChannelPermissions(deps.db, claims, subTopic, 'presence');
    channel.permissions = { broadcast, presence };
    if (!broadcast.read && !presence.read) {
      return { ok: false, reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}` };
    }
  }

  let replies: JsonObject[] = [];
  let systemErrors: string[] = [];
  if (parsed.bindings.length > 0) {
    if (!deps.hub.changes) {
      replies = bindingReplies(parsed.bindings);
      systemErrors = ['postgres_changes is not available on this server'];
    } else {
      ({ replies, errors: systemErrors } = await deps.hub.changes.subscribe(channel, parsed.bindings));
    }
  }
  deps.hub.add(channel);
  return { ok: true, channel, response: { postgres_changes: replies }, systemErrors };
}
