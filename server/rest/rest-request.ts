import type { Context } from 'hono';
import type { Transaction } from '@electric-sql/pglite';
import { parsePrefer, type Preferences } from './parser/prefer.ts';
import { RestError, badBody } from './rest-error.ts';
import type { RequestIdentity } from './request-auth.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface RestOptions {
  /** Schemas reachable through Accept-Profile / Content-Profile; the first is the default. */
  schemas: string[];
  /** db-max-rows: every read is silently capped to this many rows. */
  maxRows: number;
}

/** Everything a verb handler needs, decoded once by rest-app.ts. */
export interface RestRequest {
  method: string;
  schema: string;
  cache: SchemaCache;
  identity: RequestIdentity;
  prefs: Preferences;
  singular: boolean;
  head: boolean;
  entries: [string, string][];
  options: RestOptions;
  body: () => Promise<unknown>;
  /** Runs `fn` in the request's transaction (role, GUCs, READ ONLY when asked). */
  run: (readOnly: boolean, fn: (tx: Transaction) => Promise<Response>) => Promise<Response>;
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

/** Accept negotiation: JSON (default), the singular object type, or a clear 406 for formats we do not produce. */
export function acceptsSingular(c: Context): boolean {
  const accept = (c.req.header('accept') ?? '*/*').toLowerCase();
  if (accept.includes('application/vnd.pgrst.object')) return true;
  if (accept.includes('application/json') || accept.includes('*/*') || accept.trim() === '') return false;
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`, null, 'The local backend only produces application/json and application/vnd.pgrst.object+json');
}

export function preferencesOf(c: Context): Preferences {
  return parsePrefer(c.req.header('prefer'));
}

/** Reads the body once: empty → undefined; invalid JSON → 400 PGRST102. */
export function bodyReader(c: Context): () => Promise<unknown> {
  let cached: Promise<unknown> | null = null;
  return () => {
    cached ??= c.req.text().then((text) => {
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw badBody('Empty or invalid json', error instanceof Error ? error.message : null);
      }
    });
    return cached;
  };
}
