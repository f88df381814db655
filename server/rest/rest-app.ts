import { Hono, type Context } from 'hono';
import type { ApiConfig } from '../config/project-config.ts';
import type { ServerContext } from '../context.ts';
import { catalogCacheOf } from '../db/catalog-cache.ts';
import { readInRequestTransaction, withRequestTransaction, type RequestContext } from '../db/request-transaction.ts';
import { databaseWorkDone } from '../gateway/admission.ts';
import { runMutation } from './handle-mutate.ts';
import { buildContext, runRead } from './handle-read.ts';
import { runRpc } from './handle-rpc.ts';
import { parseQueryParams } from './parser/query-params.ts';
import { withinQueryBounds } from './parser/query-bounds.ts';
import { identify, type RequestIdentity } from './request-auth.ts';
import { errorResponse } from './response.ts';
import { RestError, toRestError } from './rest-error.ts';
import { negotiateMedia } from './media-type.ts';
import { answerRollback, payloadReader, preferencesOf, profileOf, type RestOptions, type RestRequest, type ResultRow } from './rest-request.ts';
import { findTable, loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { qualified, quoteIdent } from '../db/sql-identifier.ts';
import { FuzzySet } from './sql/fuzzy-set.ts';

/** PostgREST's settings that config.toml's [api] gives (the CLI passes them as PGRST_DB_*). */
export interface RestAppOptions extends RestOptions {
  /** db-extra-search-path: after the request's schema in the search_path of every request. */
  extraSearchPath: string[];
}

export function restOptionsFromConfig(api: ApiConfig): RestAppOptions {
  return { schemas: api.schemas, extraSearchPath: api.extra_search_path, maxRows: api.max_rows };
}

/** The request's search_path as PostgREST sets it: the schema of the request, then db-extra-search-path. */
function searchPathFor(schema: string, options: RestAppOptions): string {
  return [schema, ...options.extraSearchPath].map(quoteIdent).join(', ');
}

type Handler = (req: RestRequest, c: Context) => Promise<Response>;

/** PostgREST indexes a schema's relations for hints only below this many (a fuzzy set is heavy). */
const MAX_TABLES_FOR_HINTS = 500;

/** PostgREST's tableNotFoundHint: the schema's closest relation name, from a 0.75 score up (14.x). */
function tableHint(cache: SchemaCache, schema: string, name: string): string | null {
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  if (names.length >= MAX_TABLES_FOR_HINTS) return null;
  const closest = new FuzzySet(names).getOne(name, 0.75);
  return closest === undefined ? null : `Perhaps you meant the table '${schema}.${closest}'`;
}

/** Lower-cased request headers, as PostgREST exposes them in `request.headers`. */
function headerMap(request: Request): Record<string, string> {
  const map: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    map[key.toLowerCase()] = value;
  });
  return map;
}

/** The query string's pairs in order, decoded as URLSearchParams decodes them (the URL is already serialised: no second parse). */
function queryEntries(url: string): [string, string][] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const hash = url.indexOf('#', start);
  return [...new URLSearchParams(hash < 0 ? url.slice(start + 1) : url.slice(start + 1, hash)).entries()];
}

/**
 * PostgREST-compatible `/rest/v1` (supabase-protocol.md §3), mounted by server/app.ts.
 * Paths seen here are relative to the mount: `/notes`, `/rpc/fn`.
 */
export function createRestApp(ctx: Pick<ServerContext, 'db' | 'keys' | 'config'>, options: RestAppOptions = restOptionsFromConfig(ctx.config.api)): Hono {
  const app = new Hono();
  // PostgREST's schema cache for the exposed schemas, in the database's one catalog cache (reloaded after DDL).
  const catalog = catalogCacheOf(ctx.db);
  const cacheKey = `rest:${options.schemas.join(',')}`;
  const loadCache = (): Promise<SchemaCache> => catalog.read(cacheKey, (db) => loadSchemaCache(db, options.schemas));

  const handle = (path: (c: Context) => string, handler: Handler) => async (c: Context) => {
    let identity: RequestIdentity | null = null;
    try {
      identity = await identify(c, ctx.keys);
      const schema = profileOf(c, options);
      const cache = await loadCache();
      // Accept after the cache: whether plans are produced is the in-database db-plan-enabled.
      const media = negotiateMedia(c.req.header('accept'), cache.planEnabled);
      const method = c.req.method.toUpperCase();
      const who = identity;
      const settings = { search_path: searchPathFor(schema, options) };
      // A real PostgreSQL cancels a statement past the role's timeout itself; PGlite cannot (role-timeouts.ts).
      const timeouts = ctx.db.engine === 'postgres' ? 'postgres' : 'per-row';
      const statementTimeoutMs = timeouts === 'postgres' ? cache.roleTimeoutsMs.get(who.role) : undefined;
      const context = (): RequestContext => ({ role: who.role, claims: who.claims, method, path: path(c), headers: headerMap(c.req.raw), settings, statementTimeoutMs });
      const req: RestRequest = {
        method,
        schema,
        cache,
        identity: who,
        prefs: preferencesOf(c),
        media,
        singular: media.kind === 'object',
        head: method === 'HEAD',
        entries: withinQueryBounds(queryEntries(c.req.url)),
        options,
        timeouts,
        payload: payloadReader(c),
        // Each request makes one of these two calls: once it is over, the request's turn at the database is too.
        read: async (sql) => {
          try {
            return (await readInRequestTransaction<ResultRow>(ctx.db, context(), sql))[0];
          } finally {
            databaseWorkDone(c);
          }
        },
        run: async (readOnly, fn) => {
          try {
            return await answerRollback(() => withRequestTransaction(ctx.db, { ...context(), readOnly }, fn));
          } finally {
            databaseWorkDone(c);
          }
        },
      };
      return await handler(req, c);
    } catch (error) {
      const restError = toRestError(error, identity === null || identity.role === 'anon');
      // A timeout is the bound doing its job: one line, not the statement and its stack.
      if (restError.code === '57014') console.warn(`[rest] statement timeout: ${c.req.method} ${c.req.path} as ${identity?.role ?? 'anon'}`);
      else if (restError.status >= 500) console.error('[rest]', error);
      return errorResponse(restError);
    }
  };

  const rpcHandler: Handler = (req, c) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) throw new RestError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for RPC');
    return runRpc(req, c.req.param('fn') ?? '');
  };
  app.all('/rpc/:fn', handle((c) => `/rpc/${c.req.param('fn') ?? ''}`, rpcHandler));

  const tableHandler: Handler = async (req, c) => {
    const name = c.req.param('table') ?? '';
    const table = findTable(req.cache, req.schema, name);
    if (!table) throw new RestError(404, 'PGRST205', `Could not find the table '${req.schema}.${name}' in the schema cache`, null, tableHint(req.cache, req.schema, name));
    const query = parseQueryParams(req.entries);
    const build = buildContext(req, query);
    // PostgREST's alias for the request's relation is its name (Postgres' errors and plans say `projects.id`).
    const source = { alias: quoteIdent(table.name), table, label: table.name };
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return runRead(req, build, source, qualified(table.schema, table.name), '', true);
      case 'POST':
      case 'PATCH':
      case 'DELETE':
        if ((req.method !== 'POST') && (query.limit.length > 0 || query.offset.length > 0)) {
          throw new RestError(400, 'PGRST100', `limit/offset on ${req.method} is not supported by the local backend`);
        }
        return runMutation(req, req.method, build, source, table);
      default:
        throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    }
  };
  app.all('/:table', handle((c) => `/${c.req.param('table') ?? ''}`, tableHandler));
  // The OpenAPI root (GET /rest/v1/) is not generated here; say so instead of answering something else.
  app.all('/', (c) =>
    c.json({ code: 'PGRST125', message: 'Unsupported by the local backend: the OpenAPI description at the API root', details: null, hint: null }, 404),
  );
  app.all('*', (c) => c.json({ code: 'PGRST125', message: `Invalid path specified in request URL`, details: null, hint: null }, 404));
  return app;
}
