import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-depth.ts';
import { badQuery } from '../rest-error.ts';

/**
 * How deep the query string may nest, checked before any parsing. PostgREST sets no such limits,
 * but every level here becomes a level of recursion in the parser and of subqueries in the SQL,
 * and PGlite's Postgres overflows its WebAssembly stack silently: `select=` embeds nested about
 * seventy deep answered an empty array instead of rows, and an `or=` tree 1,800 deep overflowed
 * the parser's stack. Real requests nest a few levels; these bounds stay a factor of four below
 * the first cliff.
 */
export const MAX_EMBED_DEPTH = 16;
/** Nesting of `and(…)` / `or(…)` trees (and of parentheses in any other parameter). */
export const MAX_LOGIC_DEPTH = 64;
/** `->` / `->>` steps in one JSON path (a column, a filter's or an order's key). */
export const MAX_JSON_PATH_STEPS = 64;

/**
 * The deepest nesting of parentheses outside double-quoted text, found without recursion. An empty
 * pair — an aggregate's `count()` — nests nothing and does not count.
 */
export function parenthesesDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '\\') i++;
      else if (ch === '"') inQuotes = false;
    } else if (ch === '"') inQuotes = true;
    else if (ch === '(' && text[i + 1] === ')') i++;
    else if (ch === '(') deepest = Math.max(deepest, ++depth);
    else if (ch === ')') depth--;
  }
  return deepest;
}

const shortened = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** The most `->` steps in any one path of a parameter (paths are separated by `,` and parentheses). */
function longestJsonPath(text: string): number {
  // Most parameters have no path at all: no split for them.
  if (!text.includes('->')) return 0;
  let longest = 0;
  for (const piece of text.split(/[,()]/)) longest = Math.max(longest, piece.split('->').length - 1);
  return longest;
}

/**
 * The query's parameters, refused with 400 PGRST100 when one nests past the bounds above, or
 * holds JSON / array literals nested past the JSON rule every service shares. Returns them
 * unchanged otherwise.
 */
export function withinQueryBounds(entries: [string, string][]): [string, string][] {
  for (const [key, value] of entries) {
    if (longestJsonPath(key) > MAX_JSON_PATH_STEPS || longestJsonPath(value) > MAX_JSON_PATH_STEPS) {
      throw badQuery(`"failed to parse ${key === 'select' ? 'select parameter' : 'filter'}" (${shortened(key)})`, `a JSON path may take at most ${MAX_JSON_PATH_STEPS} "->" steps`);
    }
    if (jsonNestsDeeperThan(value)) {
      throw badQuery(`"failed to parse filter (${shortened(value)})"`, `JSON and array values may nest at most ${MAX_JSON_DEPTH} levels`);
    }
    const depth = parenthesesDepth(value);
    if (key === 'select' && depth > MAX_EMBED_DEPTH) {
      throw badQuery(`"failed to parse select parameter" (${shortened(value)})`, `embedded resources may nest at most ${MAX_EMBED_DEPTH} levels`);
    }
    // A logic tree's own parentheses, plus one for an in.(…) list inside the deepest.
    if (depth > MAX_LOGIC_DEPTH + 1) {
      throw badQuery(`"failed to parse logic tree (${shortened(value)})"`, `and( ) / or( ) may nest at most ${MAX_LOGIC_DEPTH} levels`);
    }
  }
  return entries;
}
