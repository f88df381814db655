import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.ts';
import { extensionAvailable, installExtension } from './extension-bundles.ts';
import { postgresExtensionAdvice } from './postgres/extension-advice.ts';

/**
 * Extensions are installed into PGlite when something asks for them, never all at start-up
 * (PGlite compiles every bundle it is given at `PGlite.create`, which would make each start pay
 * for ~40 extensions a project mostly does not use):
 * - SQL the backend runs for the project (bootstrap, migrations, seed) goes through
 *   `withExtensionsOnDemand`: when `create extension` finds no control file, the bundle holding
 *   the extension is installed and the file runs again (it runs in one transaction, so nothing of
 *   the failed attempt stays); `cascade` and extensions that create others work the same way;
 * - a database opened again gets the bundles of the extensions it already has
 *   (`installCreatedExtensions`), so their types and functions work without a migration running.
 */

/** An extension no bundle of the local backend holds: start-up stops with what to do. */
export class UnavailableExtensionError extends Error {
  readonly extension: string;
  readonly source: string;

  /** `reason` replaces PGlite's (a real PostgreSQL says what to install where). */
  constructor(extension: string, source: string, reason?: string) {
    super(
      reason === undefined
        ? `The local backend cannot load extension "${extension}" (asked for by ${source}): PGlite, the local backend's Postgres, does not ship it. ` +
            `Remove it from the migration, or run this project on the Supabase CLI's Docker stack (supabase start).`
        : `The local backend cannot create extension "${extension}" (asked for by ${source}): ${reason}`,
    );
    this.name = 'UnavailableExtensionError';
    this.extension = extension;
    this.source = source;
  }
}

/** The extension a failed `create extension` could not find (SQLSTATE 0A000), or null for any other error. */
export function missingExtension(error: unknown): string | null {
  if (!(error instanceof Error) || (error as Error & { code?: unknown }).code !== '0A000') return null;
  return /^extension "(.+)" is not available$/.exec(error.message)?.[1] ?? null;
}

/** A file named as the user would type it: relative to the working directory when inside it. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Makes extension `name` loadable: through the database's own loader, or a bare PGlite's bundles. */
export async function loadExtension(db: Database, name: string): Promise<boolean> {
  if (db.installExtension) return db.installExtension(name);
  return db instanceof PGlite ? installExtension(db, name) : false;
}

/**
 * Runs `attempt` (one transaction of the project's SQL, from `source`); each time it fails for an
 * extension PGlite has no files for, installs that extension's bundle and runs it again. An
 * extension no bundle holds throws UnavailableExtensionError naming it and `source`.
 */
export async function withExtensionsOnDemand<T>(db: Database, source: string, attempt: () => Promise<T>): Promise<T> {
  const installed = new Set<string>();
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const name = missingExtension(error);
      if (name === null || installed.has(name)) throw error;
      if (!(await loadExtension(db, name))) {
        throw new UnavailableExtensionError(name, source, db.engine === 'postgres' ? postgresExtensionAdvice(name, error) : undefined);
      }
      installed.add(name);
    }
  }
}

/**
 * Installs the bundles of the extensions the database already has (created by an earlier run)
 * whose files this PGlite lacks. One catalog query when there is nothing to do.
 */
export async function installCreatedExtensions(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ extname: string }>('select extname from pg_catalog.pg_extension order by extname');
  const missing = rows.map((row) => row.extname).filter((name) => !extensionAvailable(db, name));
  // Read together: each bundle is gunzipped off the main thread. One in no bundle (a database made
  // elsewhere) is left alone: Postgres says so when something uses it.
  const found = await Promise.all(missing.map((name) => installExtension(db, name)));
  return missing.filter((_, index) => found[index]);
}
