/**
 * How deep request JSON may nest before a service refuses it as malformed. JSON.parse copes with
 * any depth, but everything after it does not: JSON.stringify overflows the stack a few thousand
 * levels down, and PGlite's Postgres, handed JSON (or an array literal, or a query) nested about
 * six thousand levels deep, overflows its WebAssembly stack: it answers an empty result, breaks its
 * protocol state ("unnamed prepared statement does not exist") or hangs, and later requests suffer.
 * Real metadata and bodies nest a handful of levels; 512 leaves ample room and stays an order of
 * magnitude away from every cliff. (GoTrue's Go decoder stops at 10,000, a depth neither a Node
 * stack nor PGlite can walk.) Every service applies this one rule to the JSON it reads, in the
 * gateway (server/gateway/body-limits.ts) and again where a service parses a body as JSON whatever
 * its Content-Type.
 */
export const MAX_JSON_DEPTH = 512;

/** What every service says when it refuses JSON for its depth (in its own error shape). */
export const TOO_DEEP_MESSAGE = `The JSON body nests deeper than the ${MAX_JSON_DEPTH} levels this endpoint accepts`;

/**
 * Whether JSON text nests arrays / objects deeper than `max`, found by scanning the text (no
 * recursion, no parse), so the check itself cannot overflow. Brackets inside strings do not count;
 * the text need not be valid JSON — JSON.parse judges that afterwards.
 */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/**
 * Whether a Content-Type names JSON (`application/json`, `application/*+json`, with parameters),
 * or is absent — PostgREST, GoTrue and the Realtime API all read a body without one as JSON.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  const essence = header.split(';', 1)[0].trim().toLowerCase();
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}
