import { createHash } from 'node:crypto';
import type { JsonObject } from './protocol/json.ts';

/**
 * Realtime answers each postgres_changes binding with `:erlang.phash2(params)`: a stable,
 * positive integer below 2^27 derived from the binding itself. realtime-js treats 0 as
 * "no id", so the range starts at 1.
 */
export function bindingId(binding: JsonObject): number {
  const canonical = JSON.stringify(
    ['event', 'schema', 'table', 'filter'].map((key) => binding[key] ?? null),
  );
  const digest = createHash('sha1').update(canonical).digest();
  return (digest.readUInt32BE(0) % (2 ** 27 - 1)) + 1;
}

export function bindingReplies(bindings: JsonObject[]): JsonObject[] {
  return bindings.map((binding) => ({ ...binding, id: bindingId(binding) }));
}
