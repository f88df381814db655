import pg from 'pg';
import type { Database, DatabaseQueryOptions, DatabaseResults, DatabaseTransaction } from '../database.ts';
import { quoteIdent } from '../sql-identifier.ts';
import { connectionTarget, PostgresConnectionError, type ConnectionTarget } from './connection-target.ts';
import { shapeResult, textOnlyTypes, TypeParsers, type TextQuery } from './result-parsing.ts';

/**
 * The `Database` face over a real PostgreSQL (`--db-url`), through a `pg.Pool`: every query and
 * `exec` takes a pooled connection, every transaction one connection of its own, and one more
 * connection — the backend's session — holds the database's lock and every LISTEN.
 *
 * What the services read is what PGlite gives them (result-parsing.ts): the same values, `fields`,
 * `affectedRows`, one result per statement of an `exec`; `query` always uses the extended protocol,
 * so it runs one statement, as on PGlite. Errors are pg's DatabaseError, whose fields (`code`,
 * `detail`, `hint`, `position`, `constraint`, …) are PGlite's.
 *
 * Sessions are set to UTC, as PGlite's and hosted Supabase's are, so SQL that turns a timestamptz
 * into text (to_json, to_char) writes the same offset whatever the server's own time zone.
 *
 * Where it cannot be the same: PGlite asks Postgres for each parameter's type and encodes a value
 * for it; pg sends values without asking, so a JavaScript array given to a json/jsonb parameter
 * goes as a Postgres array literal and fails (give JSON.stringify(value), as the services do).
 * Notifications from a statement that may send one reach the listeners before the call resolves,
 * as on PGlite; one sent by a function a SELECT calls arrives a moment later.
 */

export interface PostgresDatabaseOptions {
  /** Connections in the pool for queries and transactions (default 10); the backend's session is one more. */
  poolSize?: number;
  /** Runs once the pool and the session have closed (releases a data-directory lock). */
  onClose?: () => Promise<void>;
  /** Where the session's own failures and reconnections are reported (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

export interface PostgresDatabase extends Database {
  readonly engine: 'postgres';
  /** The server, database and user, without the password. */
  readonly target: ConnectionTarget;
  /** Always false: a real server's extensions are the ones installed on it. */
  installExtension(name: string): Promise<boolean>;
  /**
   * Closes every pooled connection, so the next ones start with the database's and roles' current
   * settings (`alter database … set search_path`, which the platform bootstrap makes).
   */
  renewConnections(): Promise<void>;
}

/**
 * The lock key of "a Lumen backend serves this database" (pg_try_advisory_lock's two-int form, so
 * pg_locks shows it as classid/objid with objsubid 2). Advisory locks are per database, so two
 * databases of one server each have their own backend.
 */
export const BACKEND_LOCK_KEY = [0x4c756d65, 1] as const;
export const APPLICATION_NAME = 'lumen-local-backend';
const DEFAULT_POOL_SIZE = 10;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/** Thrown when another backend already serves the database: one server per database, as one per data directory. */
export class DatabaseInUseError extends Error {
  readonly target: ConnectionTarget;

  constructor(target: ConnectionTarget, holder: string | null) {
    super(
      `database "${target.database}" at ${target.display} is in use by another local backend${holder ? ` (${holder})` : ''}. ` +
        'Stop that server first, or give this one another database.',
    );
    this.name = 'DatabaseInUseError';
    this.target = target;
  }
}

/** PGlite's error for COMMIT of a transaction an earlier error aborted (Postgres answers ROLLBACK). */
function transactionAborted(): Error {
  return Object.assign(new Error('Transaction was rolled back instead of committed'), { severity: 'ERROR', code: '25P02' });
}

/** An error that says the connection itself is broken (not an answer from Postgres). */
function isConnectionFailure(error: unknown): boolean {
  return !(error instanceof pg.DatabaseError);
}

/** A pool or one client: what runs SQL. */
type Runner = Pick<pg.ClientBase, 'query'>;

interface Raw {
  rows: (string | null)[][];
}

function rawQuery(runner: Runner): TextQuery {
  return async (sql, params) => ((await runner.query({ text: sql, values: params, rowMode: 'array' })) as Raw).rows;
}

/** Date parameters as PGlite sends them (ISO 8601 in UTC) instead of pg's local-time text. */
function parameters(params: unknown[] | undefined): unknown[] {
  return (params ?? []).map((value) => (value instanceof Date ? value.toISOString() : value));
}

/** Node's codes for a server that cannot be reached. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOENT']);

/**
 * pg reports a lost or unreachable server with plain errors (no SQLSTATE). They get Postgres' own
 * codes for it (class 08), as the PGlite worker's restarts do, so every service answers them as an
 * unavailable database (REST: 503) instead of a bug. Anything else pg throws (a value it cannot
 * send) is left as it is.
 */
function connectionFailure(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof pg.DatabaseError) return error;
  const nodeCode = (error as NodeJS.ErrnoException).code;
  let code: string | null = null;
  if (/^Cannot use a pool after calling end|^Client was closed/.test(error.message)) code = '08003';
  else if ((nodeCode !== undefined && UNREACHABLE.has(nodeCode)) || /timeout exceeded when trying to connect|Connection terminated due to connection timeout/.test(error.message)) code = '08001';
  else if (/^Connection terminated|connection error/.test(error.message)) code = '08006';
  if (code === null) return error;
  return Object.assign(new Error(`the database connection failed: ${error.message}`, { cause: error }), { code, severity: 'ERROR' });
}

function withQuery(error: unknown, sql: string, params: unknown[] | undefined): never {
  // PGlite's errors carry the statement and its parameters; so do these.
  if (error instanceof pg.DatabaseError) Object.assign(error, { query: sql, params });
  throw connectionFailure(error);
}

/**
 * Commands that cannot send a notification themselves (no trigger, no event trigger, no NOTIFY).
 * A SELECT can, through a function it calls; what the backend's listeners must see at once (the
 * schema cache after DDL, `notify pgrst`) never comes that way.
 */
const QUIET_COMMANDS = new Set(['SELECT', 'SET', 'RESET', 'SHOW', 'BEGIN', 'START', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'EXPLAIN', 'LISTEN', 'UNLISTEN', 'FETCH', 'CLOSE', 'DECLARE', 'PREPARE', 'DEALLOCATE', 'DISCARD', 'VALUES']);

function mayNotify(results: readonly { command: string | null }[]): boolean {
  return results.some((result) => result.command !== null && !QUIET_COMMANDS.has(result.command));
}

class Session {
  readonly #runner: Runner;
  readonly #parsers: TypeParsers;
  /** Awaited after a statement that may have notified, once it has committed (autocommit only). */
  readonly #afterCommit: (() => Promise<void>) | null;
  /** Whether a statement run here may have sent a notification (for a transaction's commit). */
  mayHaveNotified = false;

  constructor(runner: Runner, parsers: TypeParsers, afterCommit: (() => Promise<void>) | null) {
    this.#runner = runner;
    this.#parsers = parsers;
    this.#afterCommit = afterCommit;
  }

  async #ran(results: readonly { command: string | null }[]): Promise<void> {
    if (!mayNotify(results)) return;
    this.mayHaveNotified = true;
    await this.#afterCommit?.();
  }

  async query<T>(sql: string, params?: unknown[], options?: DatabaseQueryOptions): Promise<DatabaseResults<T>> {
    let result: pg.QueryArrayResult<(string | null)[]>;
    try {
      // Extended protocol even without parameters: one statement, as PGlite's query runs.
      const config: pg.QueryArrayConfig & { queryMode: 'extended' } = { text: sql, values: parameters(params), rowMode: 'array', queryMode: 'extended' };
      result = await this.#runner.query(config);
    } catch (error) {
      withQuery(error, sql, params);
    }
    await this.#ran([result]);
    await this.#parsers.prepare(result.fields, rawQuery(this.#runner));
    return shapeResult(result, this.#parsers, { affected: 0 }, new Set(options?.rawTypes)) as DatabaseResults<T>;
  }

  async exec(sql: string): Promise<DatabaseResults[]> {
    let answer: pg.QueryArrayResult<(string | null)[]> | pg.QueryArrayResult<(string | null)[]>[];
    try {
      // Without parameters pg sends the simple protocol: every statement of `sql`, one result each.
      answer = (await this.#runner.query({ text: sql, rowMode: 'array' })) as typeof answer;
    } catch (error) {
      withQuery(error, sql, undefined);
    }
    const results = (Array.isArray(answer) ? answer : [answer]).filter((result) => result.command !== null);
    await this.#ran(results);
    if (results.length === 0) return [{ rows: [], fields: [], affectedRows: 0 }];
    await this.#parsers.prepare(results.flatMap((result) => result.fields), rawQuery(this.#runner));
    const running = { affected: 0 };
    return results.map((result) => shapeResult(result, this.#parsers, running, new Set()));
  }
}

/**
 * The backend's session: one connection, held for the backend's life, that owns the database's
 * advisory lock and runs every LISTEN (all listeners share it). If it drops, it reconnects, takes
 * the lock again, LISTENs again and calls every listener once, since notifications sent meanwhile
 * are lost (every listener here treats a call as "look again", never reads a lost payload).
 */
class BackendSession {
  readonly #config: pg.ClientConfig;
  readonly #target: ConnectionTarget;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #client: pg.Client | null = null;
  #closing = false;
  #reconnecting: Promise<void> | null = null;

  constructor(config: pg.ClientConfig, target: ConnectionTarget, log: (message: string, error?: unknown) => void) {
    this.#config = config;
    this.#target = target;
    this.#log = log;
  }

  /** Connects and takes the lock; throws DatabaseInUseError when another backend holds it. */
  async open(): Promise<void> {
    this.#client = await this.#connect();
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.#config);
    // An error before 'end' is reported once, by the handler below; connect's own rejects.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      throw new PostgresConnectionError(this.#target, error);
    }
    client.on('notification', (message) => {
      const callbacks = this.#listeners.get(message.channel);
      for (const callback of callbacks ?? []) queueMicrotask(() => callback(message.payload ?? ''));
    });
    try {
      const { rows } = await client.query<{ locked: string }>('select pg_try_advisory_lock($1, $2)::text as locked', [...BACKEND_LOCK_KEY]);
      if (rows[0]?.locked !== 'true') throw new DatabaseInUseError(this.#target, await lockHolder(client));
      // Until every channel is covered, those listened to meanwhile (listen() found no connection) included.
      const listened = new Set<string>();
      for (let missing = [...this.#listeners.keys()]; missing.length > 0; missing = [...this.#listeners.keys()].filter((key) => !listened.has(key))) {
        for (const key of missing) {
          await client.query(`LISTEN ${quoteIdent(key)}`);
          listened.add(key);
        }
      }
      // Closed while connecting: the session must not outlive the backend (it holds the lock).
      if (this.#closing) throw new Error('the database is closing');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once('end', () => {
      if (this.#client === client) this.#client = null;
      if (!this.#closing) void this.#reconnect();
    });
    return client;
  }

  #reconnect(): Promise<void> {
    this.#reconnecting ??= (async () => {
      this.#log(`[db] the backend's session with ${this.#target.display} ended; reconnecting`);
      let wait = RECONNECT_MIN_MS;
      while (!this.#closing) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (this.#closing) return;
        try {
          this.#client = await this.#connect();
          this.#log(`[db] the backend's session with ${this.#target.display} is back`);
          // Whatever was notified while it was away: every listener looks again.
          for (const callbacks of this.#listeners.values()) for (const callback of callbacks) queueMicrotask(() => callback(''));
          return;
        } catch (error) {
          if (this.#closing) return;
          this.#log(`[db] reconnecting to ${this.#target.display} failed; trying again`, error);
          wait = Math.min(wait * 2, RECONNECT_MAX_MS);
        }
      }
    })().finally(() => {
      this.#reconnecting = null;
    });
    return this.#reconnecting;
  }

  /** LISTEN as PGlite does it: the channel as written (unquoted names fold to lower case). */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const key = channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
    let callbacks = this.#listeners.get(key);
    const first = callbacks === undefined;
    if (!callbacks) this.#listeners.set(key, (callbacks = new Set()));
    callbacks.add(callback);
    if (first) {
      try {
        // Without a connection now, the reconnection LISTENs to every channel.
        await this.#client?.query(`LISTEN ${channel}`);
      } catch (error) {
        callbacks.delete(callback);
        if (callbacks.size === 0) this.#listeners.delete(key);
        throw error;
      }
    }
    return async () => {
      const current = this.#listeners.get(key);
      if (!current?.delete(callback) || current.size > 0) return;
      this.#listeners.delete(key);
      if (!this.#closing) await this.#client?.query(`UNLISTEN ${quoteIdent(key)}`).catch(() => undefined);
    };
  }

  /**
   * Resolves once every notification committed before the call has reached the listeners, as on
   * PGlite, where a write's listeners have run by the time it resolves (the schema cache is stale
   * no longer once a migration's `exec` returns). Postgres sends a session the notifications
   * waiting for it before it answers that session's next statement, so one trivial statement here
   * is enough. Without a connection (reconnecting) there is nothing to wait for: the reconnection
   * calls every listener anyway.
   */
  async sync(): Promise<void> {
    if (this.#listeners.size === 0) return;
    await this.#client?.query('select').catch(() => undefined);
  }

  /** Ends the session: the lock goes with it. */
  async close(): Promise<void> {
    this.#closing = true;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}

/** Who holds the lock: the session's pid, application, client address and start, as far as this user may see. */
async function lockHolder(client: pg.Client): Promise<string | null> {
  try {
    const { rows } = await client.query<{ pid: number; application_name: string | null; client_addr: string | null; backend_start: string | null }>(
      `select a.pid, a.application_name, host(a.client_addr) as client_addr, a.backend_start::text as backend_start
         from pg_catalog.pg_locks l join pg_catalog.pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2 and l.objsubid = 2
          and l.database = (select oid from pg_catalog.pg_database where datname = current_database())`,
      [...BACKEND_LOCK_KEY],
    );
    const row = rows[0];
    if (!row) return null;
    return [
      `PostgreSQL session ${row.pid}`,
      row.application_name ? `application "${row.application_name}"` : null,
      row.client_addr ? `from ${row.client_addr}` : null,
      row.backend_start ? `connected since ${row.backend_start}` : null,
    ]
      .filter(Boolean)
      .join(', ');
  } catch {
    return null;
  }
}

/**
 * Connects to the PostgreSQL at `url` as a `Database`: takes the database's lock on the backend's
 * session first (DatabaseInUseError while another backend serves it; PostgresConnectionError, with
 * host, port, database and user but never the password, when the server cannot be reached or
 * refuses), then opens the pool. Nothing is written to the database here.
 */
export async function openPostgresDatabase(url: string, options: PostgresDatabaseOptions = {}): Promise<PostgresDatabase> {
  const target = connectionTarget(url);
  const log = options.log ?? ((message: string, error?: unknown) => (error === undefined ? console.error(message) : console.error(message, error)));
  const config: pg.ClientConfig = {
    connectionString: url,
    application_name: `${APPLICATION_NAME} (pid ${process.pid})`,
    options: '-c TimeZone=UTC',
    types: textOnlyTypes as unknown as pg.CustomTypesConfig,
  };
  const session = new BackendSession(config, target, log);
  await session.open();

  const parsers = new TypeParsers();
  let pool: pg.Pool;
  const newPool = () => {
    const created = new pg.Pool({ ...config, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection the server ended: the pool drops it and opens another when needed.
    created.on('error', (error) => log(`[db] an idle connection to ${target.display} failed:`, error));
    return created;
  };
  pool = newPool();
  try {
    await parsers.load(rawQuery(pool));
  } catch (error) {
    await pool.end().catch(() => undefined);
    await session.close();
    throw isConnectionFailure(error) ? new PostgresConnectionError(target, error) : error;
  }

  let closed = false;
  let closing: Promise<void> | null = null;
  const afterCommit = () => session.sync();
  const sessionOf = () => new Session(pool, parsers, afterCommit);

  const transaction = async <T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> => {
    const client = await pool.connect().catch((error: unknown) => {
      throw connectionFailure(error);
    });
    let broken: Error | undefined;
    // A checked-out connection that fails (the server ended it) emits 'error': without a listener
    // that would end the process. The statement waiting on it rejects; the connection is dropped.
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on('error', onError);
    const run = async <R>(step: () => Promise<R>): Promise<R> => {
      try {
        return await step();
      } catch (error) {
        if (isConnectionFailure(error)) broken = error instanceof Error ? error : new Error(String(error));
        throw connectionFailure(error);
      }
    };
    try {
      await run(() => client.query('BEGIN'));
      const statements = new Session(client, parsers, null);
      let done = false;
      const open = () => {
        if (done) throw new Error('Transaction is closed');
      };
      const tx: DatabaseTransaction = {
        query: async (sql, params, queryOptions) => {
          open();
          return run(() => statements.query(sql, params, queryOptions));
        },
        exec: async (sql) => {
          open();
          return run(() => statements.exec(sql));
        },
        rollback: async () => {
          open();
          await run(() => client.query('ROLLBACK'));
          done = true;
        },
      };
      try {
        const result = await fn(tx);
        if (!done) {
          done = true;
          const commit = await run(() => client.query('COMMIT'));
          if (commit.command === 'ROLLBACK') throw transactionAborted();
          if (statements.mayHaveNotified) await session.sync();
        }
        return result;
      } catch (error) {
        if (!done) {
          done = true;
          await run(() => client.query('ROLLBACK')).catch(() => undefined);
        }
        throw error;
      }
    } finally {
      client.off('error', onError);
      // A connection that failed mid-transaction is closed rather than handed to the next caller.
      client.release(broken ?? false);
    }
  };

  return {
    engine: 'postgres',
    concurrency: options.poolSize ?? DEFAULT_POOL_SIZE,
    target,
    query: (sql, params, queryOptions) => sessionOf().query(sql, params, queryOptions),
    exec: (sql) => sessionOf().exec(sql),
    transaction,
    listen: (channel, callback) => session.listen(channel, callback),
    // A real server's extensions are the ones installed on it; nothing is loaded on demand.
    installExtension: () => Promise.resolve(false),
    async renewConnections() {
      const old = pool;
      pool = newPool();
      await old.end();
    },
    get closed() {
      return closed;
    },
    close: () =>
      (closing ??= (async () => {
        closed = true;
        try {
          await pool.end();
        } finally {
          // The lock goes last: once every pooled connection has finished and gone.
          await session.close();
          await options.onClose?.();
        }
      })()),
  };
}
