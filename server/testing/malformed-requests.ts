import fc from 'fast-check';
import type { ApiKeys } from '../gateway/keys.ts';
import { LOCAL_ORDER_WEBHOOK_SECRET } from '../functions/local-function-secrets.ts';

/**
 * fast-check arbitraries for requests a client should never send: random paths under each
 * service, wrong methods, garbled or wrongly typed JSON, huge numbers, deep nesting, odd query
 * strings and headers. Each service's known endpoints get bodies with their own field names, so
 * the values reach the handlers' validation rather than stopping at routing.
 */

export interface MalformedRequest {
  method: string;
  /** Path and query, e.g. `/rest/v1/items?select=id`. */
  target: string;
  headers: Record<string, string>;
  /** Bytes are invalid UTF-8 now and then. */
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Real things for requests to name, so some get past "not found" to the code behind it. */
export interface FuzzTargets {
  /** A user's id, for the admin routes. */
  userId: string;
  /** That user's access token, sent now and then as the bearer. */
  userToken: string;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;

/** Number texts JSON.parse accepts but code rarely expects: overflow, precision loss, -0. */
const WEIRD_NUMBERS = ['1e308', '-1e308', '1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '-0', '1.5', '-1', '0', '5e-324'];

/** Deep nesting, built once per depth: `{"a":{"a":…1…}}` or `[[[…]]]`. */
const deepCache = new Map<string, string>();
function deepText(depth: number, kind: 'object' | 'array'): string {
  const key = `${kind}:${depth}`;
  let text = deepCache.get(key);
  if (text === undefined) {
    text = kind === 'object' ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
    deepCache.set(key, text);
  }
  return text;
}

const deepValueText = fc.tuple(fc.constantFrom(10, 600, 5_000, 100_000), fc.constantFrom('object' as const, 'array' as const)).map(([depth, kind]) => deepText(depth, kind));

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Text that is not JSON: truncated JSON, stray brackets, random characters. */
const garbledText = fc.oneof(
  fc.json({ maxDepth: 3 }).chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
  fc.constantFrom('{', '[', '{"a":', '{"a" 1}', '{,}', 'nul', "{'a':1}", '\u0000', '{"a":1}}', 'NaN', 'Infinity', '"unterminated'),
  fc.string({ maxLength: 40 }),
);

/** Any value as JSON text, most of them the wrong type for whatever field receives them. */
const valueText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(...WEIRD_NUMBERS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.constantFrom('null', 'true', '[]', '{}', '""', '[null]', '{"":null}', '"nul\\u0000"', '{"\\u0000":1}', '"\\ud800"', JSON.stringify('x'.repeat(5000))) },
  { weight: 1, arbitrary: deepValueText },
);

/** A JSON object using an endpoint's own field names, each with a random (usually wrong) value. */
function objectText(fields: readonly string[]): fc.Arbitrary<string> {
  const key = fields.length > 0 ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }) : fc.string({ maxLength: 8 });
  return fc.array(fc.tuple(key, valueText), { maxLength: 5 }).map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
}

/** A body for an endpoint: usually its fields with wrong values, sometimes anything at all. */
function bodyFor(fields: readonly string[]): fc.Arbitrary<string | Uint8Array<ArrayBuffer> | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: objectText(fields) },
    { weight: 1, arbitrary: objectText(fields).map((text) => `[${text},${text}]`) },
    { weight: 2, arbitrary: garbledText },
    { weight: 1, arbitrary: valueText },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => new Uint8Array(bytes)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Header values must be visible ASCII (fetch itself refuses others before the server sees them). */
const headerText = fc.string({ maxLength: 40, unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)) });

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...WEIRD_NUMBERS, 'eq.1', 'in.(1,2', 'not.is.null', '((((', '%', '%zz', '*', 'id.desc.nullsfirst', 'password', 'refresh_token', 'signup', 'recovery', 'x'.repeat(3000), Array(1700).fill('id').join(',')),
);

function queryFor(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys, 'select', 'limit') }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  return fc.array(fc.tuple(key, queryValue), { maxLength: 4 }).map((pairs) => {
    if (pairs.length === 0) return '';
    // Values with a `%` go raw (not re-encoded), so bad escapes like `%zz` reach the parsers as sent.
    return `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.includes('%') ? v.replace(/[^\x21-\x7e]/g, '') : encodeURIComponent(v)}`).join('&')}`;
  });
}

/** Path segments: real names, traversal, bad escapes, long and empty ones. */
function segment(names: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%zz', '%00', '', 'a%2Fb', 'x'.repeat(300), '%F0%9F%98%80', 'café') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
  );
}

interface Endpoint {
  methods: readonly string[];
  path: fc.Arbitrary<string>;
  fields: readonly string[];
  queryKeys: readonly string[];
}

const path = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join('/'));
const lit = (text: string) => fc.constant(text);

const TABLES = ['items', 'categories', 'cart_items', 'orders', 'order_items', 'profiles', 'nope'];
const RPCS = ['search_items', 'place_order', 'cancel_order', 'merge_cart', 'claim_order_notifications', 'order_notification_states', 'delivery_problems', 'clean_delivery', 'nope'];
const ROW_FIELDS = ['id', 'item_id', 'quantity', 'slug', 'title', 'price_cents', 'stock', 'category_id', 'display_name', 'avatar_path', 'status', 'user_id'];
const RPC_FIELDS = ['query', 'category', 'min_price', 'max_price', 'idempotency_key', 'order_id', 'lines', 'page', 'page_size', 'delivery'];
const BUCKETS = ['avatars', 'item-images', 'nope'];
const OBJECTS = ['a.txt', 'x/y.png', 'deep/er/file.webp'];

function endpoints(targets: FuzzTargets): Endpoint[] {
  return [
    // REST
    { methods: METHODS, path: path(lit('/rest/v1'), segment(TABLES)), fields: ROW_FIELDS, queryKeys: ['select', 'order', 'id', 'on_conflict', 'columns', 'or', 'offset'] },
    { methods: ['GET', 'POST', 'PATCH'], path: path(lit('/rest/v1/rpc'), segment(RPCS)), fields: RPC_FIELDS, queryKeys: RPC_FIELDS },
    // Storage
    { methods: ['POST'], path: path(lit('/storage/v1/object/list'), segment(BUCKETS)), fields: ['prefix', 'search', 'limit', 'offset', 'sortBy'], queryKeys: [] },
    { methods: ['POST', 'PUT', 'GET'], path: path(lit('/storage/v1/object'), segment(BUCKETS), segment(OBJECTS)), fields: ['metadata'], queryKeys: ['download'] },
    { methods: ['POST', 'GET'], path: path(lit('/storage/v1/object/sign'), segment(BUCKETS), segment(OBJECTS)), fields: ['expiresIn', 'paths'], queryKeys: ['token'] },
    { methods: ['DELETE'], path: path(lit('/storage/v1/object'), segment(BUCKETS)), fields: ['prefixes'], queryKeys: [] },
    { methods: ['GET', 'POST', 'PUT', 'DELETE'], path: fc.oneof(lit('/storage/v1/bucket'), path(lit('/storage/v1/bucket'), segment(BUCKETS))), fields: ['id', 'name', 'public', 'file_size_limit', 'allowed_mime_types'], queryKeys: [] },
    { methods: ['GET', 'HEAD'], path: path(lit('/storage/v1/object'), segment(['public', 'authenticated', 'info']), segment(BUCKETS), segment(OBJECTS)), fields: [], queryKeys: ['download', 'width'] },
    // Auth
    { methods: ['POST'], path: lit('/auth/v1/signup'), fields: ['email', 'password', 'data', 'phone', 'code_challenge', 'gotrue_meta_security'], queryKeys: ['redirect_to'] },
    { methods: ['POST'], path: lit('/auth/v1/token'), fields: ['email', 'password', 'refresh_token', 'phone', 'auth_code', 'code_verifier'], queryKeys: ['grant_type'] },
    { methods: ['POST', 'GET'], path: path(lit('/auth/v1'), segment(['recover', 'resend', 'verify', 'otp', 'logout'])), fields: ['email', 'type', 'token', 'token_hash', 'redirect_to'], queryKeys: ['type', 'token', 'redirect_to', 'scope'] },
    { methods: ['GET', 'PUT'], path: lit('/auth/v1/user'), fields: ['email', 'password', 'data', 'nonce', 'app_metadata'], queryKeys: [] },
    { methods: ['GET', 'POST', 'PUT', 'DELETE'], path: fc.oneof(lit('/auth/v1/admin/users'), path(lit('/auth/v1/admin/users'), segment([targets.userId, '00000000-0000-0000-0000-000000000000', 'not-a-uuid']))), fields: ['email', 'password', 'user_metadata', 'app_metadata', 'email_confirm', 'ban_duration', 'should_soft_delete'], queryKeys: ['page', 'per_page'] },
    // Functions
    { methods: ['POST'], path: lit('/functions/v1/order-confirmation'), fields: ['type', 'table', 'schema', 'record', 'old_record', 'order_id'], queryKeys: [] },
    { methods: METHODS, path: path(lit('/functions/v1'), segment(['order-confirmation', 'delete-account', 'nope'])), fields: ['order_id', 'id'], queryKeys: [] },
  ];
}

/** A path anywhere under a service, for routing and method errors. */
const anyServicePath = fc
  .tuple(fc.constantFrom('/rest/v1', '/storage/v1', '/auth/v1', '/functions/v1'), fc.array(segment(['object', 'bucket', 'rpc', 'admin', 'v1', 'items', 'sign']), { maxLength: 4 }))
  .map(([prefix, parts]) => [prefix, ...parts].join('/'));

/** A webhook payload for order-confirmation with an id of the wrong kind. */
const webhookText = fc
  .tuple(fc.constantFrom('orders', 'order_notifications', 'x'), fc.constantFrom('id', 'order_id'), valueText)
  .map(([table, key, id]) => `{"type":"INSERT","table":"${table}","schema":"public","record":{"${key}":${id}}}`);

function headersFor(keys: ApiKeys, targets: FuzzTargets): fc.Arbitrary<Record<string, string>> {
  // Mostly real keys, so requests get past the gateway to the handlers' own validation.
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(keys.anonKey, keys.serviceRoleKey, keys.publishableKey, keys.secretKey, targets.userToken) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom('sb_publishable_nope', 'a.b.c', `${keys.anonKey}x`), headerText) },
  );
  const contentType = fc.constantFrom('application/json', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png', 'application/x-www-form-urlencoded', '');
  const extra = fc.dictionary(
    fc.constantFrom('x-metadata', 'prefer', 'accept', 'range', 'x-upsert', 'cache-control', 'accept-profile', 'content-profile', 'if-none-match', 'x-supabase-api-version'),
    fc.oneof(headerText, fc.constantFrom(...['[1]', '{"a":1e400}', '{"a":"\\u0000"}', '{"a":"\\ud800"}', deepText(600, 'object')].map(base64), 'return=representation', 'count=exact', 'bytes=5-1', 'bytes=-0')),
    { maxKeys: 3 },
  );
  // Mostly the order webhooks' secret, so webhook payloads get past order-confirmation's check to its validation.
  const webhookSecret = fc.constantFrom(LOCAL_ORDER_WEBHOOK_SECRET, LOCAL_ORDER_WEBHOOK_SECRET, `${LOCAL_ORDER_WEBHOOK_SECRET}x`);
  return fc.record({ apikey: fc.option(key), bearer: fc.option(key), contentType: fc.option(contentType), extra, secret: fc.option(webhookSecret) }).map(({ apikey, bearer, contentType: type, extra: rest, secret }) => {
    const headers: Record<string, string> = { ...rest };
    if (secret !== null) headers['x-webhook-secret'] = secret;
    if (apikey !== null) headers.apikey = apikey;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (type !== null) headers['content-type'] = type;
    return headers;
  });
}

/**
 * Requests that nest where a parser or the database recurses: JSON bodies and RPC arguments with
 * real column and parameter names around a deep value, and / or trees, embeds, array literals and
 * JSON paths in the query string — each just past its bound, or far past it. Every one must be
 * refused with a 4xx before it reaches the database, and leave it answering as before.
 */
export function nestingAttack(keys: ApiKeys): fc.Arbitrary<MalformedRequest> {
  const depth = fc.oneof(fc.integer({ min: 513, max: 700 }), fc.constantFrom(5_000, 100_000));
  const deepJson = fc.tuple(depth, fc.constantFrom('object' as const, 'array' as const)).map(([d, kind]) => deepText(d, kind));
  const key = fc.constantFrom(keys.anonKey, keys.serviceRoleKey);
  // JSON by name, or by default (no Content-Type): a text/plain body is not JSON and may be any text.
  const headers = fc.tuple(key, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/vnd.pgrst.object+json', '')).map(([k, type]) => {
    const h: Record<string, string> = { apikey: k, authorization: `Bearer ${k}` };
    if (type !== '') h['content-type'] = type;
    return h;
  });
  const writeBody = fc.record({
    table: fc.constantFrom('cart_items', 'items', 'profiles', 'orders', 'categories'),
    column: fc.constantFrom(...ROW_FIELDS, 'image_paths', 'delivery'),
    value: deepJson,
    bulk: fc.boolean(),
    method: fc.constantFrom('POST', 'PATCH'),
    columns: fc.boolean(),
  }).map(({ table, column, value, bulk, method, columns }) => {
    const row = `{"item_id":1,${JSON.stringify(column)}:${value}}`;
    return { method, target: `/rest/v1/${table}${columns ? `?columns=item_id,${column}` : ''}${method === 'PATCH' ? `${columns ? '&' : '?'}id=eq.1` : ''}`, body: bulk ? `[${row}]` : row };
  });
  const rpcBody = fc.tuple(fc.constantFrom(...RPCS), fc.constantFrom(...RPC_FIELDS), deepJson).map(([fn, field, value]) => ({
    method: 'POST',
    target: `/rest/v1/rpc/${fn}`,
    body: `{${JSON.stringify(field)}:${value}}`,
  }));
  // Query strings stay under Node's 16 KiB header limit, so URLs nest a few thousand deep at most.
  const queryDepth = fc.oneof(fc.integer({ min: 65, max: 120 }), fc.integer({ min: 121, max: 2_500 }));
  const logicTree = fc.tuple(queryDepth, fc.constantFrom('or', 'and', 'not.or', 'items.or'), fc.constantFrom('id.eq.1', 'title.ilike.*a*', 'price_cents.gt.5', 'id.in.(1,2)')).map(([d, op, leaf]) => {
    let tree: string = leaf;
    for (let i = 0; i < d; i++) tree = `${i % 2 === 0 ? 'or' : 'and'}(${tree},${leaf})`;
    return { method: 'GET', target: `/rest/v1/items?${op}=(${encodeURIComponent(tree)})` };
  });
  const embeds = fc.tuple(fc.integer({ min: 17, max: 400 }), fc.constantFrom('items', 'categories')).map(([d, top]) => {
    let select = 'id';
    for (let i = 0; i < d; i++) select = `id,${(i + (top === 'items' ? 1 : 0)) % 2 === 0 ? 'items' : 'categories'}(${select})`;
    return { method: 'GET', target: `/rest/v1/${top}?select=${encodeURIComponent(select)}` };
  });
  const arrayLiteral = fc.tuple(fc.integer({ min: 7, max: 3_000 }), fc.constantFrom('cs', 'cd', 'ov', 'eq', 'eq(any)', 'like(all)')).map(([d, op]) => ({
    method: 'GET',
    target: `/rest/v1/items?image_paths=${op}.${encodeURIComponent(`${'{'.repeat(d)}a${'}'.repeat(d)}`)}`,
  }));
  const jsonFilter = fc.tuple(fc.integer({ min: 513, max: 5_000 }), fc.constantFrom('cs', 'cd', 'eq')).map(([d, op]) => ({
    method: 'GET',
    target: `/rest/v1/orders?delivery=${op}.${encodeURIComponent(deepText(Math.min(d, 2_600), 'array'))}`,
  }));
  const rpcQuery = fc.tuple(fc.constantFrom('delivery_problems', 'clean_delivery', 'search_items'), fc.integer({ min: 513, max: 2_600 })).map(([fn, d]) => ({
    method: 'GET',
    target: `/rest/v1/rpc/${fn}?delivery=${encodeURIComponent(deepText(d, 'array'))}`,
  }));
  const jsonPath = fc.integer({ min: 65, max: 1_500 }).map((steps) => ({ method: 'GET', target: `/rest/v1/orders?select=${encodeURIComponent(`delivery${'->a'.repeat(steps)}`)}` }));
  const forbiddenMethod = fc.tuple(fc.constantFrom('TRACE', 'TRACK'), fc.constantFrom('/functions/v1/order-confirmation', '/functions/v1/nope', '/rest/v1/items', '/auth/v1/user', '/storage/v1/bucket', '/realtime/v1/api/broadcast')).map(([method, target]) => ({ method, target }));
  const otherServices = fc.tuple(fc.constantFrom('/auth/v1/signup', '/auth/v1/admin/users', '/storage/v1/object/list/avatars', '/storage/v1/bucket', '/functions/v1/order-confirmation', '/realtime/v1/api/broadcast', '/_dev/mail/send'), deepJson).map(([target, value]) => ({
    method: 'POST',
    target,
    body: `{"data":${value},"messages":${value},"prefix":${value}}`,
  }));
  const shape: fc.Arbitrary<{ method: string; target: string; body?: string }> = fc.oneof(writeBody, rpcBody, logicTree, embeds, arrayLiteral, jsonFilter, rpcQuery, jsonPath, forbiddenMethod, otherServices);
  return fc.tuple(shape, headers).map(([request, h]) => ({ ...request, headers: h }));
}

/** One malformed request to some service of the local backend. */
export function malformedRequest(keys: ApiKeys, targets: FuzzTargets): fc.Arbitrary<MalformedRequest> {
  const known = fc.constantFrom(...endpoints(targets)).chain((endpoint) =>
    fc.record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...endpoint.methods) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      target: fc.tuple(endpoint.path, queryFor(endpoint.queryKeys)).map(([p, q]) => p + q),
      body: endpoint.fields.includes('record') ? fc.oneof(webhookText, bodyFor(endpoint.fields)) : bodyFor(endpoint.fields),
    }),
  );
  const random = fc.record({
    method: fc.constantFrom(...METHODS),
    target: fc.tuple(anyServicePath, queryFor([])).map(([p, q]) => p + q),
    body: bodyFor([]),
  });
  return fc.tuple(fc.oneof({ weight: 5, arbitrary: known }, { weight: 1, arbitrary: random }), headersFor(keys, targets)).map(([request, headers]) => ({
    method: request.method,
    target: request.target,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
  }));
}
