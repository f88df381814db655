/**
 * How deep request JSON may nest before a service refuses it as malformed. JSON.parse itself copes
 * with any depth, but whatever walks the value next recurses: JSON.stringify when PGlite serialises
 * a parameter overflows the stack a few thousand levels down, and that surfaced as a 500. Real
 * metadata and bodies nest a handful of levels; 512 leaves ample room and keeps far from the stack.
 * (GoTrue's Go decoder stops at 10,000, a depth a Node stack cannot walk.)
 */
export const MAX_JSON_DEPTH = 512;

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
