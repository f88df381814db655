import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ProjectConfig } from '../config/project-config.ts';
import { isJsonContentType, jsonNestsDeeperThan, TOO_DEEP_MESSAGE } from '../lib/json-depth.ts';

const MiB = 1024 * 1024;

/** Room for multipart framing and form fields around an upload's bytes. */
const MULTIPART_SLACK = MiB;

type ErrorBody = (limit: number) => Record<string, unknown>;

interface ServiceLimit {
  maxBytes: (config: ProjectConfig) => number;
  /** The refusal in the shape that service's clients read. */
  body: ErrorBody;
  /**
   * The refusal of a JSON body nested deeper than MAX_JSON_DEPTH, in the service's shape; absent
   * where the gateway must not judge bodies (storage: an upload is a file, whatever its type, and
   * storage's own JSON routes apply the same rule where they parse).
   */
  tooDeep?: () => Record<string, unknown>;
  /** Headers the service sends with every error (its clients read them). */
  errorHeaders?: (body: Record<string, unknown>) => Record<string, string>;
  /**
   * The refusal when too many requests wait for the database (admission.ts), with its status;
   * `why` says which queue is full. Absent where the gateway admits nothing (functions, /_dev).
   */
  overloaded?: { status: ContentfulStatusCode; body: (why: string) => Record<string, unknown> };
}

const described = (limit: number): string => `The request body is larger than the ${Math.round((limit / MiB) * 10) / 10} MiB this endpoint accepts`;

/**
 * How large a request body each service reads. Uploads may be as large as the project's storage
 * file size limit; JSON APIs take far less. Nothing here is a hosted figure except storage's:
 * these bound the local backend's memory, which reads a JSON body whole.
 */
export const SERVICE_BODY_LIMITS: Record<string, ServiceLimit> = {
  '/auth/v1': {
    maxBytes: () => MiB,
    body: (limit) => ({ code: 'validation_failed', message: described(limit) }),
    tooDeep: () => ({ code: 'bad_json', message: 'Could not parse request body as JSON: exceeded max depth' }),
    // GoTrue's version echo, which makes auth-js read `code`, and its error-code header.
    errorHeaders: (body) => ({ 'X-Supabase-Api-Version': '2024-01-01', 'x-sb-error-code': String(body.code) }),
    // GoTrue has no code for an overloaded server; its rate-limit code says what to do (wait, then
    // retry). 503 rather than GoTrue's 429: auth-js takes a 503 as retryable (AuthRetryableFetchError),
    // so a session refresh turned away here is tried again instead of ending the session.
    overloaded: { status: 503, body: (why) => ({ code: 'over_request_rate_limit', message: `Too many requests are waiting for the database: ${why}` }) },
  },
  '/rest/v1': {
    maxBytes: () => 10 * MiB,
    body: (limit) => ({ code: 'PGRST102', message: 'Request body too large', details: described(limit), hint: null }),
    tooDeep: () => ({ code: 'PGRST102', message: 'Empty or invalid json', details: TOO_DEEP_MESSAGE, hint: null }),
    errorHeaders: (body) => ({ 'Proxy-Status': `PostgREST; error=${String(body.code)}` }),
    // PostgREST's own pool codes do not fit: PGRST003 is a 504 after waiting out
    // db-pool-acquisition-timeout (this refusal comes at once), PGRST000/001 a broken connection.
    // 53300 (too_many_connections) is Postgres' answer when it has no room for another client, and
    // class 53 is PostgREST's 503, which it sends with Retry-After, and on which postgrest-js
    // retries a GET or HEAD after Retry-After.
    overloaded: {
      status: 503,
      body: (why) => ({ code: '53300', message: 'Too many requests are waiting for the database', details: why, hint: 'Retry after the Retry-After delay' }),
    },
  },
  '/storage/v1': {
    maxBytes: (config) => config.storage.file_size_limit + MULTIPART_SLACK,
    body: () => ({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }),
    // storage-api's answer when the database has no connection to spare (its SlowDown), status included.
    overloaded: { status: 429, body: (why) => ({ statusCode: '429', code: 'SlowDown', error: 'too_many_connections', message: `Too many requests are waiting for the database: ${why}` }) },
  },
  '/functions/v1': {
    maxBytes: () => 10 * MiB,
    body: (limit) => ({ code: 'payload_too_large', message: described(limit) }),
    tooDeep: () => ({ code: 'invalid_json', message: TOO_DEEP_MESSAGE }),
  },
  '/realtime/v1': {
    maxBytes: () => 3 * MiB,
    body: (limit) => ({ message: described(limit) }),
    tooDeep: () => ({ error: TOO_DEEP_MESSAGE }),
    overloaded: { status: 503, body: (why) => ({ message: `Too many requests are waiting for the database: ${why}` }) },
  },
  '/_dev': {
    maxBytes: () => MiB,
    body: (limit) => ({ code: 'payload_too_large', message: described(limit) }),
    tooDeep: () => ({ error: TOO_DEEP_MESSAGE }),
  },
};

/**
 * Refuses a body over the service's limit before reading it when Content-Length says so, and stops
 * reading a chunked one at the limit (Hono's bodyLimit), with 413 in the service's error shape. The
 * connection is closed: otherwise Node would read the rest of a 600 MB body only to throw it away.
 * Then a JSON body (by its Content-Type, or none) nested deeper than MAX_JSON_DEPTH is refused with
 * 400, before any service parses it or hands it to the database. The bytes read here are Hono's
 * cached body: the service reads the same bytes again without a second read of the stream.
 */
export function serviceBodyLimit(prefix: string, config: ProjectConfig): MiddlewareHandler {
  const service = SERVICE_BODY_LIMITS[prefix];
  if (!service) throw new Error(`no body limit for ${prefix}`);
  const maxSize = service.maxBytes(config);
  const limit = bodyLimit({
    maxSize,
    onError: (c: Context) => c.json(service.body(maxSize), 413, { Connection: 'close' }),
  });
  // A request that declares no body has none to limit. Hono's bodyLimit would look at the body
  // all the same, which makes Node's adapter build a full Request and AbortController for every
  // GET (about a tenth of a REST read's time in the server).
  const { tooDeep, errorHeaders } = service;
  /** The refusal of a JSON body nested too deeply, or null to go on. */
  const refuseDeep = async (c: Context): Promise<Response | null> => {
    if (!tooDeep || !isJsonContentType(c.req.header('content-type'))) return null;
    const text = new TextDecoder().decode(await c.req.arrayBuffer());
    if (!jsonNestsDeeperThan(text)) return null;
    const body = tooDeep();
    return c.json(body, 400, errorHeaders?.(body));
  };
  return async (c, next) => {
    const declaresBody = c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined;
    // A request made in-process (app.fetch) may carry a body without either header.
    if (!declaresBody && (c.req.method === 'GET' || c.req.method === 'HEAD')) return next();
    // Inside bodyLimit the refusal cannot be the middleware's return value: kept aside, returned after.
    const outcome: { refused: Response | null } = { refused: null };
    const judged = async () => {
      outcome.refused = await refuseDeep(c);
      if (!outcome.refused) await next();
    };
    const answer = declaresBody ? await limit(c, judged) : await judged();
    return outcome.refused ?? answer;
  };
}

/**
 * The gateway's refusal of a request when too many wait for the database (admission.ts): the
 * service's own error shape and headers, with Retry-After.
 */
export function overloadedAnswer(c: Context, prefix: string, why: string, retryAfterSeconds: number): Response {
  const overloaded = SERVICE_BODY_LIMITS[prefix]?.overloaded;
  if (!overloaded) throw new Error(`no overload answer for ${prefix}`);
  const body = overloaded.body(why);
  return c.json(body, overloaded.status, { ...SERVICE_BODY_LIMITS[prefix]?.errorHeaders?.(body), 'Retry-After': String(retryAfterSeconds) });
}
