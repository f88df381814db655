import { badQuery } from '../rest-error.ts';
import { parseLogic, parseOperation } from './filter-parser.ts';
import { parseOrder } from './order-parser.ts';
import { parseSelect } from './select-parser.ts';
import { parseField, parseName, splitTopLevel } from './tokens.ts';
import type { Field, QueryParams } from './types.ts';

function parseNonNegative(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw badQuery(`"failed to parse ${key} parameter (${value})"`, `${key} must be a non-negative integer`);
  return Number(value);
}

function parseNameList(key: string, value: string): string[] {
  return splitTopLevel(value, ',', `${key} parameter`).map((item) => parseName(item, `${key} parameter`));
}

/** Splits `a.b.c` at dots outside double quotes (embed paths may use quoted names). */
function splitPath(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  let inQuotes = false;
  for (const ch of key) {
    if (ch === '"') inQuotes = !inQuotes;
    if (ch === '.' && !inQuotes) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

export interface ParseOptions {
  /**
   * GET /rpc: a parameter whose value is not an operator expression (`eq.1`, `in.(…)`) is a
   * function argument, as PostgREST splits them (by the value, whatever the function's parameters).
   */
  rpcRead?: boolean;
}

/**
 * PostgREST reads an RPC read's parameter as a filter when its value parses as one; otherwise it is
 * an argument, unless the parse failed after `not.`, `in.` or `is.` (its parser has consumed input
 * by then and reports the error instead of backing out).
 */
function rpcArgument(value: string, field: Field): boolean {
  try {
    parseOperation(value, field);
    return false;
  } catch (error) {
    if (/^(not|in|is)\./.test(value)) throw error;
    return true;
  }
}

/** The field an RPC read's parameter names (its name is the argument's), without the embed path. */
function lastField(key: string): Field {
  const segments = splitPath(key);
  return parseField(segments[segments.length - 1], 'filter');
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_LAST = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** Parses the decoded query string (`+` already a space) into the request's QueryParams. */
export function parseQueryParams(entries: Iterable<[string, string]>, options: ParseOptions = {}): QueryParams {
  const params: QueryParams = { select: [{ kind: 'star' }], conditions: [], order: [], limit: [], offset: [], args: new Map() };
  for (const [key, value] of entries) {
    if (key === 'select') {
      params.select = parseSelect(value);
      continue;
    }
    // `?name=` is an empty argument to a function (`?name` is nothing, but URLSearchParams reads both alike).
    if (options.rpcRead && !RESERVED.has(key) && !RESERVED_LAST.has(splitPath(key).at(-1) ?? '')) {
      const field = lastField(key);
      if (value === '' || rpcArgument(value, field)) {
        params.args.set(field.name, value);
        continue;
      }
    }
    // Empty-valued params are ignored, like PostgREST.
    if (value === '') continue;
    if (key === 'columns') {
      params.columns = parseNameList(key, value);
      continue;
    }
    if (key === 'on_conflict') {
      params.onConflict = parseNameList(key, value);
      continue;
    }
    const segments = splitPath(key);
    let last = segments[segments.length - 1];
    let negateLogic = false;
    if ((last === 'and' || last === 'or') && segments.length >= 2 && segments[segments.length - 2] === 'not') {
      negateLogic = true;
      segments.splice(segments.length - 2, 1);
      last = segments[segments.length - 1];
    }
    const path = segments.slice(0, -1).map((segment) => parseName(segment, 'embedded resource path'));
    switch (last) {
      case 'order':
        params.order.push({ path, value: parseOrder(value) });
        break;
      case 'limit':
        params.limit.push({ path, value: parseNonNegative('limit', value) });
        break;
      case 'offset':
        params.offset.push({ path, value: parseNonNegative('offset', value) });
        break;
      case 'and':
      case 'or':
        params.conditions.push({ path, value: parseLogic(last, negateLogic, value) });
        break;
      default:
        params.conditions.push({ path, value: parseOperation(value, parseField(last, 'filter')) });
    }
  }
  return params;
}
