import { randomBytes } from 'node:crypto';
import type { JsonObject } from './protocol/json.ts';

/** What a channel contributes to a topic's presence: one key, one meta (Phoenix Presence shape). */
interface Entry {
  key: string;
  meta: JsonObject;
}

export interface PresenceDiff {
  joins: JsonObject;
  leaves: JsonObject;
}

/** Phoenix refs are opaque strings; realtime-js only compares them. */
function newPhxRef(): string {
  return 'F' + randomBytes(9).toString('base64url');
}

function group(entries: Iterable<Entry>): JsonObject {
  const state: Record<string, { metas: JsonObject[] }> = {};
  for (const { key, meta } of entries) (state[key] ??= { metas: [] }).metas.push(meta);
  return state;
}

/** Presence of one topic, keyed by the channel (socket + join) that tracked it. */
export class PresenceStore<Owner> {
  #entries = new Map<Owner, Entry>();

  state(): JsonObject {
    return group(this.#entries.values());
  }

  get size(): number {
    return this.#entries.size;
  }

  track(owner: Owner, key: string, payload: JsonObject): PresenceDiff {
    const previous = this.#entries.get(owner);
    const meta: JsonObject = { ...payload, phx_ref: newPhxRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref ?? null;
    this.#entries.set(owner, { key, meta });
    return { joins: group([{ key, meta }]), leaves: previous ? group([previous]) : {} };
  }

  untrack(owner: Owner): PresenceDiff | null {
    const previous = this.#entries.get(owner);
    if (!previous) return null;
    this.#entries.delete(owner);
    return { joins: {}, leaves: group([previous]) };
  }
}
