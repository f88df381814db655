import { badBody, RestError } from '../rest-error.ts';
import type { FunctionInfo, SchemaCache, TableInfo } from '../schema-cache.ts';
import { findFunctions, findTable } from '../schema-cache.ts';
import { toPgText } from './pg-text.ts';
import { qualified, quoteIdent } from '../../db/sql-identifier.ts';
import type { Params } from './quote.ts';
import { isObject } from './mutate-sql.ts';
import type { RawBody } from '../rest-request.ts';

export interface RpcCall {
  fn: FunctionInfo;
  /** `"public"."fn"("a" => $1::int4, …)` */
  callSql: string;
}

function isJsonType(typeName: string): boolean {
  return typeName === 'json' || typeName === 'jsonb';
}

function notFound(schema: string, name: string, argNames: string[]): RestError {
  const sorted = [...argNames].sort();
  const withArgs = sorted.length > 0 ? `(${sorted.join(', ')})` : ' without parameters';
  const search = sorted.length > 0 ? `with parameters ${sorted.join(', ')}` : 'without parameters';
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${withArgs} in the schema cache`,
    `Searched for the function ${schema}.${name} ${search} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

/**
 * Picks the overload whose argument names fit the given ones (PostgREST resolves by names, not types):
 * every given name is a parameter and every parameter without a default is given.
 * With a JSON body, a function with one unnamed json/jsonb parameter takes the whole body.
 */
export function resolveRpc(
  cache: SchemaCache,
  schema: string,
  name: string,
  args: Map<string, unknown>,
  rawBody: unknown,
  params: Params,
): RpcCall {
  const candidates = findFunctions(cache, schema, name);
  const given = [...args.keys()];
  // Before anything quotes the name: a name no function has (a NUL in it, say) is a 404, not a 500.
  if (candidates.length === 0) throw notFound(schema, name, given);
  const fits = candidates.filter((fn) => {
    const names = new Set(fn.args.map((a) => a.name));
    return given.every((g) => names.has(g)) && fn.args.every((a) => a.hasDefault || args.has(a.name));
  });
  if (fits.length > 1) {
    // Prefer the overload whose parameter count is closest to what was given.
    fits.sort((a, b) => a.args.length - b.args.length);
    if (fits[0].args.length === fits[1].args.length) {
      throw new RestError(
        300,
        'PGRST203',
        `Could not choose the best candidate function between: ${fits.map((f) => `${schema}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
        null,
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      );
    }
  }
  const fn = fits[0];
  const target = qualified(schema, name);
  if (fn) {
    const parts = fn.args
      .filter((a) => args.has(a.name))
      .map((a) => `${quoteIdent(a.name)} => ${argumentSql(args.get(a.name), a, params)}`);
    return { fn, callSql: `${target}(${parts.join(', ')})` };
  }
  const singles = candidates.filter((f) => f.args.length === 1 && f.args[0].name === '' && isJsonType(f.args[0].typeName));
  if (singles.length > 1 && rawBody !== undefined) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${singles.map((f) => `${schema}.${name}( => ${f.args[0].type})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const single = singles[0];
  if (single && rawBody !== undefined) {
    return { fn: single, callSql: `${target}(${params.add(JSON.stringify(rawBody))}::${single.args[0].type})` };
  }
  throw notFound(schema, name, given);
}

/**
 * One argument as SQL. A row-type (composite) parameter given a JSON object is built the way
 * PostgREST builds it, `json_populate_record(null::type, $n)`, so keys name the fields.
 */
function argumentSql(value: unknown, arg: FunctionInfo['args'][number], params: Params): string {
  if (arg.category === 'C' && isObject(value)) return `json_populate_record(null::${arg.type}, ${params.add(JSON.stringify(value))}::json)`;
  return `${params.add(toPgText(value, arg))}::${arg.type}`;
}

const RAW_BODY_TYPES: Partial<Record<RawBody['contentType']['kind'], string>> = { text: 'text', 'octet-stream': 'bytea', xml: 'xml' };

/**
 * PostgREST's functions with a single unnamed parameter: a `text/plain`, `application/octet-stream`
 * or `text/xml` body goes whole to the one unnamed `text`, `bytea` or `xml` parameter. Undefined for
 * other bodies (JSON named arguments, or a single unnamed json/jsonb parameter: resolveRpc).
 */
export function rawBodyCall(schema: string, name: string, candidates: FunctionInfo[], raw: RawBody, params: Params): RpcCall | undefined {
  const typeName = RAW_BODY_TYPES[raw.contentType.kind];
  if (typeName === undefined) return undefined;
  const fn = candidates.find((f) => f.args.length === 1 && f.args[0].name === '' && f.args[0].typeName === typeName);
  if (!fn) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name} in the schema cache`,
      `Searched for the function ${schema}.${name} with a single unnamed ${typeName} parameter, but no matches were found in the schema cache.`,
    );
  }
  // bytea gets the body byte for byte (hex keeps it one text parameter).
  const value = typeName === 'bytea' ? `decode(${params.add(Buffer.from(raw.bytes).toString('hex'))}, 'hex')` : `${params.add(raw.text)}::${fn.args[0].type}`;
  return { fn, callSql: `${qualified(schema, name)}(${value})` };
}

/** A POST body's named arguments: an object, or nothing. */
export function bodyArgs(body: unknown): Map<string, unknown> {
  if (body === undefined) return new Map();
  if (!isObject(body)) throw badBody('Empty or invalid json', 'RPC expects a JSON object of named arguments');
  return new Map(Object.entries(body));
}

/** The relation describing a composite result: the returned table's, or one built from OUT/TABLE columns. */
export function rpcResultTable(cache: SchemaCache, fn: FunctionInfo): TableInfo | undefined {
  if (fn.returnTable) return findTable(cache, fn.schema, fn.returnTable);
  if (fn.outColumns.length === 0 || fn.outColumns.some((c) => c.name === '')) return undefined;
  return { schema: fn.schema, name: fn.name, columns: new Map(fn.outColumns.map((c) => [c.name, c])), primaryKey: [] };
}
