import type { Database } from '../database.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { bootstrapDatabase } from '../open-database.ts';
import { openPostgresDatabase, type PostgresDatabase } from './postgres-database.ts';

export interface OpenPostgresOptions {
  /** The PostgreSQL database, `postgres://user[:password]@host[:port]/database`. */
  url: string;
  /** The backend's own files (storage objects): locked for as long as the database is open. */
  dataDir: string;
  poolSize?: number;
}

/**
 * What the backend needs of the connecting user: the bootstrap creates roles (some with BYPASSRLS),
 * event triggers (the schema cache's DDL watch, realtime's capture triggers) and extensions, and
 * every request switches to an API role (`set role anon`), which Postgres allows a superuser or a
 * member of that role. Asked before anything is written, so the answer names what to change.
 */
async function checkSuperuser(db: PostgresDatabase): Promise<void> {
  const { rows } = await db.query<{ user: string; superuser: boolean }>('select current_user as user, rolsuper as superuser from pg_catalog.pg_roles where rolname = current_user');
  if (rows[0]?.superuser) return;
  throw new Error(
    `PostgreSQL user "${rows[0]?.user ?? db.target.user}" at ${db.target.display} is not a superuser. The local backend creates the platform's roles, ` +
      'event triggers and extensions and runs each request as anon, authenticated or service_role, as PostgREST does: connect as a superuser (e.g. postgres).',
  );
}

/**
 * Roles and their settings belong to the whole server, not one database: two backends
 * bootstrapping two databases of one server at once would both find `anon` missing and both
 * create it (a unique violation in pg_authid), or both grant or `alter role … set` it ("tuple
 * concurrently updated"). Each bootstrap file's transaction first takes a lock on the role catalog
 * that only such writers wait for (logins and reads of roles do not), so bootstraps take turns.
 */
function oneBootstrapAtATime(db: PostgresDatabase): Database {
  return {
    engine: db.engine,
    closed: db.closed,
    query: (sql, params, options) => db.query(sql, params, options),
    exec: (sql) => db.exec(sql),
    listen: (channel, callback) => db.listen(channel, callback),
    installExtension: (name) => db.installExtension(name),
    close: () => db.close(),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await tx.exec('lock table pg_catalog.pg_authid in share row exclusive mode');
        return fn(tx);
      }),
  };
}

/**
 * Opens the backend's database on a real PostgreSQL: locks `dataDir` (one backend per data
 * directory) and the database (one backend per database: DatabaseInUseError), checks the user may
 * do what the platform does, and runs the platform bootstrap — every file on an empty database, the
 * missing ones on a database from an earlier version — exactly as on PGlite. `fresh` is true when
 * the bootstrap ran from its first file (a new database).
 */
export async function openPostgresBackendDatabase(options: OpenPostgresOptions): Promise<{ db: PostgresDatabase; fresh: boolean }> {
  const lock = await lockDataDir(options.dataDir);
  let db: PostgresDatabase;
  try {
    db = await openPostgresDatabase(options.url, { poolSize: options.poolSize, onClose: () => lock.release() });
  } catch (error) {
    await lock.release();
    throw error;
  }
  try {
    await checkSuperuser(db);
    const ran = await bootstrapDatabase(oneBootstrapAtATime(db));
    // The bootstrap sets the database's search_path (`extensions` on it, as hosted): connections
    // opened before it do not have it.
    if (ran.length > 0) await db.renewConnections();
    return { db, fresh: ran.includes('00-roles-and-schemas.sql') };
  } catch (error) {
    await db.close();
    throw error;
  }
}
