/**
 * The one narrow face every service uses to reach its database, whatever runs behind it: PGlite
 * on this thread (tests), PGlite in a worker thread (the local backend), or a real PostgreSQL
 * through a connection pool (`--db-url`). The call shapes are PGlite's, so the services read the
 * same whichever engine answers (see docs/decisions/013-database-off-the-request-thread.md).
 *
 * Errors keep Postgres' fields (`code`, `detail`, `hint`, `position`, `constraint`, …) as own
 * properties; services read them by field (postgres-error.ts), never by class.
 */

/** One statement's result, as PGlite gives it. */
export interface DatabaseResults<T = Record<string, unknown>> {
  rows: T[];
  /** Rows an INSERT, UPDATE or DELETE changed (summed over a multi-statement `exec`). */
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface DatabaseQueryOptions {
  /** Type OIDs whose values come back as the text Postgres wrote, unparsed (e.g. EXPLAIN's json). */
  rawTypes?: number[];
  /**
   * Never given: parser functions cannot cross to a worker thread. Declared so that a bare PGlite
   * (whose options have `parsers`) still type-checks as a `Database` where tests pass one.
   */
  parsers?: undefined;
}

/** What runs SQL: the database itself, or one transaction of it. */
export interface DatabaseSession {
  /** One statement with `$n` parameters (extended protocol). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: DatabaseQueryOptions): Promise<DatabaseResults<T>>;
  /** One or more statements without parameters (simple protocol); a result per statement. */
  exec(sql: string): Promise<DatabaseResults[]>;
}

export interface DatabaseTransaction extends DatabaseSession {
  /** Ends the transaction without committing; the callback's result is still returned. */
  rollback(): Promise<void>;
}

export type DatabaseEngine = 'pglite' | 'postgres';

export interface Database extends DatabaseSession {
  /** Which engine answers: PGlite (embedded) or a real PostgreSQL; absent means a bare PGlite on this thread (tests). */
  readonly engine?: DatabaseEngine;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. Calls on
   * the database itself from inside `fn` wait for the transaction on PGlite (one session), so use `tx`.
   */
  transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T>;
  /**
   * LISTEN: `callback` gets each NOTIFY payload on `channel` after its transaction commits. On a
   * real PostgreSQL it is also called with '' once the connection that listens is back after
   * dropping (what was sent meanwhile is lost): a call means "look again".
   */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Makes an extension's files available to `create extension` when the engine can load them on
   * demand (PGlite's bundles); false when it has no files for `name` (a real PostgreSQL always
   * answers false: its extensions are whatever its server has installed). Absent on a bare PGlite
   * on this thread, whose bundles `loadExtension` (extensions-on-demand.ts) installs directly.
   */
  installExtension?(name: string): Promise<boolean>;
  /**
   * How many statements the engine runs at once: a real PostgreSQL's pool size. Absent: one (PGlite
   * is a single session). The fair line in front of database work lets this many requests in.
   */
  readonly concurrency?: number;
  readonly closed: boolean;
  /** Closes the database; a data directory behind it is flushed and unlocked. */
  close(): Promise<void>;
}
