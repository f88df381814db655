import { parseOperation } from '../../rest/parser/filter-parser.ts';
import { parseField } from '../../rest/parser/tokens.ts';
import type { Filter } from '../../rest/parser/types.ts';
import { RestError } from '../../rest/rest-error.ts';
import type { JsonValue } from '../protocol/json.ts';

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
export interface PostgresFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

const OPS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const SUPPORTED = 'supported: eq, neq, lt, lte, gt, gte, in';

export type FilterParse = { ok: true; filter: PostgresFilter } | { ok: false; message: string };

/**
 * `column=op.value` read with PostgREST's own filter grammar (rest/parser: quoted names and
 * values, `in.(…)` lists), then narrowed to what Realtime evaluates: one filter with
 * eq|neq|lt|lte|gt|gte|in (§5.4 item 6). Anything else is answered with a clear error instead
 * of being silently ignored.
 */
export function parseFilter(text: string): FilterParse {
  const fail = (why: string): FilterParse => ({ ok: false, message: `Error parsing \`filter\` params: ${why}` });
  if (text === 'undefined') return fail('"undefined" is not a filter');
  const eq = text.indexOf('=');
  if (eq <= 0) return fail(`expected column=operator.value, got ${JSON.stringify(text)}`);
  let filter: Filter;
  try {
    filter = parseOperation(text.slice(eq + 1), parseField(text.slice(0, eq).trim(), 'filter'));
  } catch (error) {
    if (error instanceof RestError) return fail(typeof error.details === 'string' ? error.details : error.message);
    throw error;
  }
  const { field, negate, operation } = filter;
  if (field.json.length > 0) return fail(`JSON paths (->, ->>) are not supported by this server in ${JSON.stringify(text)}`);
  if (negate) return fail(`operator "not" is not supported by this server (${SUPPORTED})`);
  if (!OPS.has(operation.op)) return fail(`operator "${operation.op}" is not supported by this server (${SUPPORTED})`);
  if (operation.op === 'in') {
    return { ok: true, filter: { column: field.name, op: 'in', values: operation.values.map((value) => value ?? 'null') } };
  }
  if (!('value' in operation) || ('quantifier' in operation && operation.quantifier !== undefined)) {
    return fail(`"${operation.op}" takes a single value here, got ${JSON.stringify(text)}`);
  }
  if (/,[a-zA-Z_][\w]*=/.test(operation.value)) return fail('combining several filters with "," is not supported by this server');
  return { ok: true, filter: { column: field.name, op: operation.op as FilterOp, values: [operation.value] } };
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
