import type { Context } from 'hono';
import type { DatabaseTransaction } from '../db/database.ts';
import { decodeMediaType, type MediaType, type ResponseMedia } from './media-type.ts';
import { invalidPreferences, parsePrefer, type Preferences } from './parser/prefer.ts';
import { RestError } from './rest-error.ts';
import type { RequestIdentity } from './request-auth.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface RestOptions {
  /** Schemas reachable through Accept-Profile / Content-Profile; the first is the default. */
  schemas: string[];
  /** db-max-rows: every read is silently capped to this many rows. */
  maxRows: number;
  /** The largest body (bytes) an answer built from rows may have (response-cap.ts); default 4 MiB. */
  maxResponseBytes?: number;
}

/** Everything a verb handler needs, decoded once by rest-app.ts. */
export interface RestRequest {
  method: string;
  schema: string;
  cache: SchemaCache;
  identity: RequestIdentity;
  prefs: Preferences;
  /** The answer's format, from Accept (media-type.ts). */
  media: ResponseMedia;
  /** `media` is the singular object type. */
  singular: boolean;
  head: boolean;
  entries: [string, string][];
  options: RestOptions;
  /**
   * What stops a statement at its role's timeout: Postgres itself (a real server cancels it; the
   * request transaction sets the timeout), or on PGlite, which cannot cancel, a per-row deadline
   * check in the generated SQL (role-timeouts.ts).
   */
  timeouts: 'postgres' | 'per-row';
  /** The body as sent, with its Content-Type (writes to tables read it as PostgREST does: request-payload.ts). */
  payload: () => Promise<RawBody>;
  /** Runs `fn` in the request's transaction (role, GUCs, READ ONLY when asked). */
  run: (readOnly: boolean, fn: (tx: DatabaseTransaction) => Promise<Response>) => Promise<Response>;
  /** One statement in a READ ONLY request transaction, set-up included, in one round trip: its first row. */
  read: (sql: string) => Promise<ResultRow>;
}

/** The single row every statement we build returns. */
export interface ResultRow {
  body: string | null;
  page_count: number;
  total?: string | null;
  inserted?: number | null;
}

/** Thrown inside the transaction to roll it back while still answering with `response`. */
export class RollbackWith extends Error {
  readonly response: Response | RestError;

  constructor(response: Response | RestError) {
    super('rollback');
    this.response = response;
  }
}

/** Runs `fn`; a RollbackWith it throws becomes its answer (a Response) or its error, once the transaction is over. */
export async function answerRollback(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof RollbackWith)) throw error;
    if (error.response instanceof Response) return error.response;
    throw error.response;
  }
}

export function profileOf(c: Context, options: RestOptions): string {
  const method = c.req.method;
  const header = method === 'GET' || method === 'HEAD' ? c.req.header('accept-profile') : c.req.header('content-profile');
  const schema = header?.trim() || options.schemas[0];
  if (!options.schemas.includes(schema)) {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${options.schemas.join(', ')}`);
  }
  return schema;
}

/** The Prefer header; with `handling=strict`, anything unrecognised is a 400 PGRST122 as in PostgREST. */
export function preferencesOf(c: Context): Preferences {
  const header = c.req.header('prefer');
  const prefs = parsePrefer(header);
  const invalid = invalidPreferences(header);
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

/** A request body as sent: its text and its Content-Type (JSON when there is none, as PostgREST assumes). */
export interface RawBody {
  text: string;
  /** The body byte for byte (a bytea parameter gets these, not the text's UTF-8). */
  bytes: Uint8Array;
  contentType: MediaType;
}

export function payloadReader(c: Context): () => Promise<RawBody> {
  let cached: Promise<RawBody> | null = null;
  return () => {
    const header = c.req.header('content-type');
    // A JSON body (application/json, or none) was held to the JSON depth rule by the gateway
    // (server/gateway/body-limits.ts) before this app saw it.
    cached ??= c.req.arrayBuffer().then((buffer) => ({
      text: new TextDecoder().decode(buffer),
      bytes: new Uint8Array(buffer),
      contentType: header === undefined ? { kind: 'json' } : decodeMediaType(header),
    }));
    return cached;
  };
}
