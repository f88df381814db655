import { badBody, RestError } from '../rest-error.ts';
import type { FunctionArg, FunctionInfo, SchemaCache, TableInfo } from '../schema-cache.ts';
import { findFunctions, findTable } from '../schema-cache.ts';
import { toPgText } from './pg-text.ts';
import { qualified, quoteIdent } from '../../db/sql-identifier.ts';
import type { Params } from './quote.ts';
import { isObject } from './mutate-sql.ts';
import type { RawBody } from '../rest-request.ts';
import type { MediaType } from '../media-type.ts';
import { writePayload } from '../request-payload.ts';
import { FuzzySet } from './fuzzy-set.ts';
import { arrayLiteral } from './where-sql.ts';

export interface RpcCall {
  fn: FunctionInfo;
  /** `"public"."fn"("a" => '1'::integer, …)` */
  callSql: string;
}

/**
 * A call's arguments as PostgREST's findProc sees them: the keys (query parameters of a read, the
 * body's keys or `?columns=` of a POST) and, for a POST, the body's Content-Type, which decides
 * which single unnamed parameter can take the body whole.
 */
export interface RpcArguments {
  /** Sorted, without duplicates (PostgREST's set of argument keys). */
  keys: string[];
  /** POST: the body's media type; undefined for GET and HEAD. */
  post?: MediaType['kind'];
  /** Each key's value: text from a query string or a form, JSON values from a JSON or CSV body. */
  values: Map<string, unknown>;
  /** The values are text (query string, form), cast to each parameter's type as Postgres parses it. */
  text: boolean;
  /** What a single unnamed parameter receives: the body as sent (JSON, CSV as JSON, raw bytes), or the arguments as a JSON object. */
  whole: Uint8Array;
}

const RAW_TYPES: Partial<Record<MediaType['kind'], string>> = { text: 'text', xml: 'xml', 'octet-stream': 'bytea' };
const encoder = new TextEncoder();

/** GET and HEAD: the query string's arguments (text values). */
export function queryArguments(args: Map<string, string>): RpcArguments {
  return {
    keys: [...args.keys()].sort(),
    values: args,
    text: true,
    whole: encoder.encode(JSON.stringify(Object.fromEntries(args))),
  };
}

/**
 * POST: the body's arguments, read as PostgREST's payload parser reads a function's body. JSON
 * (an object, or the first object of an array whose objects share their keys; an empty body is
 * `{}`) and CSV (the first line's values) give JSON values; a form gives text; text, XML and
 * binary bodies give no keys and go whole to a single unnamed parameter.
 */
export function bodyArguments(body: RawBody, columns: string[] | undefined): RpcArguments {
  const kind = body.contentType.kind;
  if (kind in RAW_TYPES) return { keys: [], post: kind, values: new Map(), text: false, whole: body.bytes };
  if (kind === 'urlencoded') {
    const values = new Map(new URLSearchParams(body.text));
    return { keys: [...values.keys()].sort(), post: kind, values, text: true, whole: encoder.encode(JSON.stringify(Object.fromEntries(values))) };
  }
  let parsed: unknown;
  let keys: string[];
  if (kind === 'json') {
    // Parsed once here (the common case, on every call); keys as writePayload reads them.
    try {
      parsed = body.text === '' ? {} : (JSON.parse(body.text) as unknown);
    } catch {
      throw badBody('Empty or invalid json');
    }
    keys = columns ?? jsonKeys(parsed);
  } else {
    const payload = writePayload(body, columns);
    parsed = JSON.parse(payload.json) as unknown;
    keys = payload.columns;
  }
  // Called once, with the first row (PostgREST's json_to_recordset … LIMIT 1).
  const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
  const row = isObject(first) ? first : {};
  keys = [...new Set(keys)].sort();
  const values = new Map(keys.filter((k) => k in row).map((k): [string, unknown] => [k, row[k]]));
  return { keys, post: kind, values, text: false, whole: kind === 'json' ? body.bytes : encoder.encode(JSON.stringify(parsed)) };
}

/**
 * A JSON body's keys as PostgREST's payloadAttributes reads them: an object's, or those every
 * object of an array shares (400 PGRST102 otherwise); anything else has none.
 */
function jsonKeys(value: unknown): string[] {
  if (isObject(value)) return Object.keys(value);
  if (!Array.isArray(value) || value.length === 0) return [];
  const [first] = value as unknown[];
  if (!isObject(first)) throw badBody('All object keys must match');
  const keys = Object.keys(first).sort().join('\0');
  if (!(value as unknown[]).every((row) => isObject(row) && Object.keys(row).sort().join('\0') === keys)) throw badBody('All object keys must match');
  return Object.keys(first);
}

const setOf = (names: Iterable<string>): Set<string> => new Set(names);
const sameSet = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * PostgREST's matchesParams: a function without parameters takes no keys (nor a raw text, XML or
 * binary body); otherwise the keys are the required parameters plus any of the optional ones.
 */
function matchesParams(fn: FunctionInfo, call: RpcArguments): boolean {
  const keys = setOf(call.keys);
  if (fn.args.length === 0) return keys.size === 0 && !(call.post !== undefined && call.post in RAW_TYPES);
  const required = setOf(fn.args.filter((a) => !a.hasDefault).map((a) => a.name));
  const optional = setOf(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  if (optional.size === 0) return sameSet(keys, required);
  if (required.size === 0) return [...keys].every((k) => optional.has(k));
  return sameSet(setOf([...keys].filter((k) => !optional.has(k))), required);
}

/** A POST whose body can go whole to the function's one unnamed parameter, by its Content-Type. */
function takesBodyWhole(fn: FunctionInfo, call: RpcArguments): boolean {
  if (call.post === undefined || fn.args.length !== 1 || fn.args[0].name !== '') return false;
  const type = fn.args[0].type;
  if (call.post === 'json') return type === 'json' || type === 'jsonb';
  return RAW_TYPES[call.post] === type;
}

const signature = (fn: FunctionInfo): string => `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

const ambiguous = (fns: FunctionInfo[]): RestError =>
  new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${fns.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );

/** Every function name of `schema` that /rpc can call, for the "Perhaps you meant" hint. */
function callableNames(cache: SchemaCache, schema: string): string[] {
  const names: string[] = [];
  for (const fns of cache.functions.values()) {
    const fn = fns.find((f) => f.callable && f.schema === schema);
    if (fn) names.push(fn.name);
  }
  return names;
}

const paramList = (names: string[]): string => `(${[...names].sort().join(', ')})`;

/**
 * PostgREST's noRpcHint: with overloads of that name, the closest parameter list; without, the
 * closest function name of the schema, only from a 0.75 score up (14.x: a lower bar named
 * functions the caller had no business learning of).
 */
function noRpcHint(cache: SchemaCache, schema: string, name: string, keys: string[], overloads: FunctionInfo[]): string | null {
  let suggestion: string | undefined;
  if (overloads.length > 0) {
    const lists = new FuzzySet(overloads.map((fn) => paramList(fn.args.map((a) => a.name))));
    const list = lists.getOne(paramList(keys));
    suggestion = list === undefined ? undefined : `${name}${list}`;
  } else {
    suggestion = new FuzzySet(callableNames(cache, schema)).getOne(name, 0.75);
  }
  return suggestion === undefined ? null : `Perhaps you meant to call the function ${schema}.${suggestion}`;
}

/** 404 PGRST202 in PostgREST's words: what was searched, by keys or by the body's Content-Type. */
function noRpc(cache: SchemaCache, schema: string, name: string, call: RpcArguments, overloads: FunctionInfo[]): RestError {
  const { keys, post } = call;
  const rawType = post === undefined ? undefined : RAW_TYPES[post];
  const func = `${schema}.${name}`;
  const withKeys = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  let searched = withKeys;
  if (rawType !== undefined) searched = ` with a single unnamed ${rawType} parameter`;
  else if (post === 'json') searched = `${withKeys} or with a single unnamed json/jsonb parameter`;
  const listed = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${rawType === undefined ? listed : ''} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    rawType === undefined ? noRpcHint(cache, schema, name, keys, overloads) : null,
  );
}

/**
 * PostgREST's findProc: among the callable overloads (in its order), those whose parameters match
 * the keys; failing those, the single unnamed parameter that can take the POST body whole. More
 * than one candidate is 300 PGRST203, none 404 PGRST202.
 */
export function findRoutine(cache: SchemaCache, schema: string, name: string, call: RpcArguments): FunctionInfo {
  const overloads = findFunctions(cache, schema, name).filter((fn) => fn.callable);
  const matching = overloads.filter((fn) => matchesParams(fn, call));
  if (matching.length === 1) return matching[0];
  if (matching.length > 1) throw ambiguous(matching);
  const fallbacks = overloads.filter((fn) => takesBodyWhole(fn, call));
  if (fallbacks.length === 1) return fallbacks[0];
  if (fallbacks.length > 1) throw ambiguous(fallbacks);
  throw noRpc(cache, schema, name, call, overloads);
}

/** A value for a parameter as SQL: bytes are hex-decoded, everything else a typed literal. */
function typedValue(bytes: Uint8Array, arg: FunctionArg, params: Params): string {
  if (arg.type === 'bytea') return `decode(${params.add(Buffer.from(bytes).toString('hex'))}, 'hex')`;
  return `${params.add(new TextDecoder().decode(bytes))}::${arg.type}`;
}

/**
 * The call as PostgREST makes it: a single unnamed parameter gets the body whole (or, for a read,
 * the arguments as a JSON object); otherwise each given parameter by name, text values cast to its
 * type and JSON values converted as json_to_record would (a row-type parameter from an object).
 */
export function callSql(fn: FunctionInfo, call: RpcArguments, params: Params): RpcCall {
  const target = qualified(fn.schema, fn.name);
  if (fn.args.length === 1 && fn.args[0].name === '') return { fn, callSql: `${target}(${typedValue(call.whole, fn.args[0], params)})` };
  const given = new Set(call.keys);
  // PostgREST reads a JSON body's arguments with json_to_record, which cannot produce a pseudo-type.
  const pseudo = call.text ? undefined : fn.args.find((a) => given.has(a.name) && a.category === 'P');
  if (pseudo) throw new RestError(400, '42P16', `column "${pseudo.name}" has pseudo-type ${pseudo.type}`);
  const parts = fn.args
    .filter((a) => given.has(a.name))
    .map((a) => {
      const value = call.values.get(a.name);
      let sql: string;
      // A query string's one value for a VARIADIC parameter is its one element.
      if (call.text && a.variadic && value !== undefined) sql = `${params.add(arrayLiteral([String(value)]))}::${a.type}`;
      else if (call.text) sql = `${params.add(value === undefined ? null : String(value))}::${a.type}`;
      else if (a.category === 'C' && isObject(value)) sql = `json_populate_record(null::${a.type}, ${params.add(JSON.stringify(value))}::json)`;
      else sql = `${params.add(toPgText(value, a))}::${a.type}`;
      return `${a.variadic ? 'variadic ' : ''}${quoteIdent(a.name)} => ${sql}`;
    });
  return { fn, callSql: `${target}(${parts.join(', ')})` };
}

/** The relation describing a composite result: the returned table's, or one built from OUT/TABLE columns. */
export function rpcResultTable(cache: SchemaCache, fn: FunctionInfo): TableInfo | undefined {
  if (fn.returnTable) return findTable(cache, fn.schema, fn.returnTable);
  if (fn.outColumns.length === 0 || fn.outColumns.some((c) => c.name === '')) return undefined;
  return { schema: fn.schema, name: fn.name, columns: new Map(fn.outColumns.map((c) => [c.name, c])), primaryKey: [] };
}
