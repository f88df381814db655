import type { JsonValue } from '../protocol/json.ts';

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
export interface PostgresFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

const OPS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const OTHER_OPS = new Set(['like', 'ilike', 'is', 'match', 'imatch', 'isdistinct', 'not']);

export type FilterParse = { ok: true; filter: PostgresFilter } | { ok: false; message: string };

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  return trimmed;
}

/** Splits `a,"b,c",d` on commas outside double quotes (PostgREST list syntax). */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted && i + 1 < text.length) {
      current += char + text[++i];
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * The classic, universally deployed filter grammar: one `column=op.value` with
 * eq|neq|lt|lte|gt|gte|in (§5.4 item 6). Newer operators and AND-lists are answered with
 * a clear error instead of being silently ignored.
 */
export function parseFilter(text: string): FilterParse {
  const fail = (why: string): FilterParse => ({ ok: false, message: `Error parsing \`filter\` params: ${why}` });
  if (text === 'undefined') return fail('"undefined" is not a filter');
  const eq = text.indexOf('=');
  if (eq <= 0) return fail(`expected column=operator.value, got ${JSON.stringify(text)}`);
  const column = text.slice(0, eq).trim();
  const rest = text.slice(eq + 1);
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (!OPS.has(op)) {
    if (OTHER_OPS.has(op)) return fail(`operator "${op}" is not supported by this server (supported: eq, neq, lt, lte, gt, gte, in)`);
    return fail(`unknown operator "${op}" in ${JSON.stringify(text)}`);
  }
  if (dot < 0) return fail(`missing value after "${op}"`);
  const value = rest.slice(dot + 1);
  if (op === 'in') {
    const list = value.match(/^\((.*)\)$/s);
    if (!list) return fail(`"in" expects a list like in.(a,b), got ${JSON.stringify(value)}`);
    const values = list[1] === '' ? [] : splitList(list[1]).map(unquote);
    return { ok: true, filter: { column, op: 'in', values } };
  }
  if (/,[a-zA-Z_][\w]*=/.test(value)) return fail('combining several filters with "," is not supported by this server');
  return { ok: true, filter: { column, op: op as FilterOp, values: [unquote(value)] } };
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const TEMPORAL = new Set(['timestamp', 'timestamptz', 'date']);

/** Compares the way Postgres would after casting the filter value to the column type. */
function compare(value: JsonValue, filterValue: string, type: string): number | null {
  if (value === null) return null;
  if (NUMERIC.has(type)) {
    const a = Number(value);
    const b = Number(filterValue);
    return Number.isNaN(a) || Number.isNaN(b) ? null : Math.sign(a - b);
  }
  if (TEMPORAL.has(type)) {
    const a = Date.parse(String(value));
    const b = Date.parse(filterValue);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return Math.sign(a - b);
  }
  if (type === 'bool') {
    const truthy = (v: string): boolean => ['t', 'true', 'y', 'yes', 'on', '1'].includes(v.toLowerCase());
    return truthy(String(value)) === truthy(filterValue) ? 0 : truthy(String(value)) ? 1 : -1;
  }
  const a = typeof value === 'string' ? value : JSON.stringify(value);
  return a === filterValue ? 0 : a < filterValue ? -1 : 1;
}

/** SQL semantics: a NULL column value never satisfies a comparison. */
export function matchesFilter(filter: PostgresFilter, value: JsonValue | undefined, type: string): boolean {
  if (value === undefined) return false;
  if (filter.op === 'in') return filter.values.some((candidate) => compare(value, candidate, type) === 0);
  const order = compare(value, filter.values[0] ?? '', type);
  if (order === null) return false;
  switch (filter.op) {
    case 'eq':
      return order === 0;
    case 'neq':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}
