import type { Database } from '../db/database.ts';
import { Hono, type Context } from 'hono';
import type { JwtClaims } from '../gateway/jwt.ts';
import type { ApiKeys } from '../gateway/keys.ts';
import { resolveBearer } from '../gateway/resolve-bearer.ts';
import { checkChannelPermissions } from './channel-authorization.ts';
import { isJsonObject, type JsonValue } from './protocol/json.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import { checkToken } from './tenant-token.ts';

interface Deps {
  db: Database;
  keys: ApiKeys;
  hub: RealtimeHub;
}

type Authed = { ok: true; claims: JwtClaims } | { ok: false; response: Response };

async function authenticate(c: Context, keys: ApiKeys): Promise<Authed> {
  const token = resolveBearer(c.req.header('authorization'), c.req.header('apikey') ?? c.req.query('apikey'), keys);
  if (!token) return { ok: false, response: c.json({ error: 'API key is missing' }, 401) };
  const check = await checkToken(token, keys);
  if (!check.ok) return { ok: false, response: c.json({ error: check.message }, 401) };
  return { ok: true, claims: check.claims };
}

/**
 * The REST side of broadcast (§5.3): realtime-js uses it for send() before a channel is
 * joined and for httpSend(). Mounted by the app at /realtime/v1.
 */
export function createBroadcastApp(deps: Deps): Hono {
  const app = new Hono();

  const deliver = async (claims: JwtClaims, topic: string, event: string, payload: JsonValue | Uint8Array, isPrivate: boolean): Promise<void> => {
    // Like hosted Realtime, a private message the caller may not write is accepted (202) but not delivered.
    if (isPrivate && !(await checkChannelPermissions(deps.db, claims, topic, 'broadcast')).write) return;
    deps.hub.broadcast(`${isPrivate ? 'private' : 'public'}:realtime:${topic}`, { topic: `realtime:${topic}`, userEvent: event, payload, metadata: null }, null);
  };

  app.post('/api/broadcast', async (c) => {
    const auth = await authenticate(c, deps.keys);
    if (!auth.ok) return auth.response;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'Request body must be JSON' }, 400);
    }
    const messages = isJsonObject(body) ? body.messages : undefined;
    if (!Array.isArray(messages)) return c.json({ error: 'Body must be {"messages": [...]}' }, 400);
    for (const [index, message] of messages.entries()) {
      if (!isJsonObject(message) || typeof message.topic !== 'string' || typeof message.event !== 'string') {
        return c.json({ error: `messages[${index}] needs a string topic and event` }, 400);
      }
    }
    for (const message of messages) {
      if (!isJsonObject(message)) continue;
      await deliver(auth.claims, String(message.topic), String(message.event), message.payload ?? null, message.private === true);
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const auth = await authenticate(c, deps.keys);
    if (!auth.ok) return auth.response;
    const isBinary = (c.req.header('content-type') ?? '').startsWith('application/octet-stream');
    let payload: JsonValue | Uint8Array;
    if (isBinary) {
      payload = new Uint8Array(await c.req.arrayBuffer());
    } else {
      try {
        payload = (await c.req.json()) as JsonValue;
      } catch {
        return c.json({ error: 'Request body must be JSON (or application/octet-stream)' }, 400);
      }
    }
    await deliver(auth.claims, c.req.param('topic'), c.req.param('event'), payload, c.req.query('private') === 'true');
    return c.body(null, 202);
  });

  return app;
}
