import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-depth.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';

const TOO_DEEP = `frame nests deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * Phoenix channel frames as realtime-js 2.109 sends them (supabase-protocol.md §5.2):
 * vsn 1.0.0 = JSON objects, vsn 2.0.0 = JSON arrays plus binary kind-3 broadcast pushes
 * from the client and kind-4 user broadcasts from the server.
 */
export type Vsn = '1.0.0' | '2.0.0';

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: JsonObject;
}

/** A user broadcast (client kind 3 in, server kind 4 out); `payload` is raw bytes when binary-encoded. */
export interface UserBroadcast {
  topic: string;
  userEvent: string;
  payload: JsonValue | Uint8Array;
  metadata: JsonObject | null;
}

export type DecodedFrame =
  | { ok: true; kind: 'message'; message: PhxMessage }
  | { ok: true; kind: 'broadcast'; joinRef: string | null; ref: string | null; broadcast: UserBroadcast }
  | { ok: false; error: string; topic: string | null; ref: string | null; joinRef: string | null };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

function optionalRef(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): DecodedFrame {
  const j = optionalRef(joinRef);
  const r = optionalRef(ref);
  const t = typeof topic === 'string' ? topic : null;
  const fail = (error: string): DecodedFrame => ({ ok: false, error, topic: t, ref: r ?? null, joinRef: j ?? null });
  if (j === undefined || r === undefined) return fail('join_ref and ref must be strings or null');
  if (t === null) return fail('topic must be a string');
  if (typeof event !== 'string') return fail('event must be a string');
  // Phoenix tolerates a missing payload; treat it as {} so handlers see one shape.
  const body = payload === undefined || payload === null ? {} : payload;
  if (!isJsonObject(body)) return fail('payload must be a JSON object');
  return { ok: true, kind: 'message', message: { joinRef: j, ref: r, topic: t, event, payload: body } };
}

export function decodeText(text: string, vsn: Vsn): DecodedFrame {
  // A payload is fanned out (JSON.stringify per subscriber) and may reach the database: the same
  // depth rule as every HTTP body.
  if (jsonNestsDeeperThan(text)) return { ok: false, error: TOO_DEEP, topic: null, ref: null, joinRef: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'frame is not valid JSON', topic: null, ref: null, joinRef: null };
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      return { ok: false, error: 'vsn 2.0.0 frames must be [join_ref, ref, topic, event, payload]', topic: null, ref: null, joinRef: null };
    }
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (!isJsonObject(parsed)) {
    return { ok: false, error: 'vsn 1.0.0 frames must be JSON objects', topic: null, ref: null, joinRef: null };
  }
  return fromParts(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload);
}

export function decodeBinary(bytes: Uint8Array): DecodedFrame {
  const fail = (error: string): DecodedFrame => ({ ok: false, error, topic: null, ref: null, joinRef: null });
  if (bytes.length < 7) return fail('binary frame too short');
  if (bytes[0] !== KIND_USER_BROADCAST_PUSH) return fail(`unsupported binary frame kind ${bytes[0]}`);
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = bytes.subarray(1, 7);
  let offset = 7;
  const take = (length: number): Uint8Array | null => {
    if (offset + length > bytes.length) return null;
    const slice = bytes.subarray(offset, offset + length);
    offset += length;
    return slice;
  };
  try {
    const parts = [take(joinRefLen), take(refLen), take(topicLen), take(eventLen), take(metaLen)];
    if (parts.some((part) => part === null)) return fail('binary frame header lengths exceed the frame');
    const [joinRef, ref, topic, userEvent, meta] = parts.map((part) => utf8.decode(part ?? new Uint8Array()));
    const rest = bytes.subarray(offset);
    let payload: JsonValue | Uint8Array;
    if (encoding === ENCODING_JSON) {
      const text = utf8.decode(rest);
      if (jsonNestsDeeperThan(text)) return fail(TOO_DEEP);
      payload = JSON.parse(text) as JsonValue;
    }
    else if (encoding === ENCODING_BINARY) payload = rest.slice();
    else return fail(`unsupported payload encoding ${encoding}`);
    if (jsonNestsDeeperThan(meta)) return fail(TOO_DEEP);
    const metaValue: unknown = meta ? JSON.parse(meta) : null;
    return {
      ok: true,
      kind: 'broadcast',
      joinRef: joinRef || null,
      ref: ref || null,
      broadcast: { topic, userEvent, payload, metadata: isJsonObject(metaValue) ? metaValue : null },
    };
  } catch (error) {
    return fail(`malformed binary frame: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function encodeMessage(message: PhxMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  }
  // Phoenix's V1 serializer sends only these four fields.
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref });
}

/** The `broadcast` event payload a text frame carries for a user broadcast. */
export function broadcastPayload(broadcast: UserBroadcast): JsonObject {
  const body: JsonObject = {
    type: 'broadcast',
    event: broadcast.userEvent,
    // v1 sockets have no binary frames; raw bytes travel as an array of numbers.
    payload: broadcast.payload instanceof Uint8Array ? Array.from(broadcast.payload) : broadcast.payload,
  };
  if (broadcast.metadata) body.meta = broadcast.metadata;
  return body;
}

/**
 * Kind-4 frame for v2 sockets, as the real server sends them. Lengths are single bytes, so
 * anything longer than 255 bytes falls back to a text frame (returns null).
 */
export function encodeUserBroadcast(broadcast: UserBroadcast): Uint8Array | null {
  const topic = encoder.encode(broadcast.topic);
  const event = encoder.encode(broadcast.userEvent);
  const meta = broadcast.metadata ? encoder.encode(JSON.stringify(broadcast.metadata)) : new Uint8Array();
  if (topic.length > 255 || event.length > 255 || meta.length > 255) return null;
  const binary = broadcast.payload instanceof Uint8Array;
  const body = broadcast.payload instanceof Uint8Array ? broadcast.payload : encoder.encode(JSON.stringify(broadcast.payload));
  const frame = new Uint8Array(5 + topic.length + event.length + meta.length + body.length);
  frame.set([KIND_USER_BROADCAST, topic.length, event.length, meta.length, binary ? ENCODING_BINARY : ENCODING_JSON], 0);
  let offset = 5;
  for (const part of [topic, event, meta, body]) {
    frame.set(part, offset);
    offset += part.length;
  }
  return frame;
}
