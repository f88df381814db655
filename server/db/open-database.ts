import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Database } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { displayPath, installCreatedExtensions, withExtensionsOnDemand } from './extensions-on-demand.ts';
import { pgliteDatabase } from './pglite-database.ts';
import { platformExtensions, platformExtensionsHash } from './platform-extensions.ts';
import { openWorkerDatabase } from './worker/worker-database.ts';

export interface OpenDatabaseOptions {
  /** Directory holding `pgdata/`; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** Delete `dataDir/pgdata` first (main.ts --reset). */
  reset?: boolean;
  /**
   * Where PGlite runs: on this thread, or in a worker thread so SQL never blocks this one
   * (worker/worker-database.ts). The data-dir lock is this thread's either way. Default: a data
   * directory (a served backend) gets the worker; a database in memory (tests, tools) stays on this
   * thread, which opens faster and costs no message per call.
   */
  thread?: 'main' | 'worker';
}

const bootstrapDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const snapshotDir = path.join(repoRoot, 'node_modules', '.cache', 'lumen-pglite');

/**
 * What `openDatabase` gives PGlite at start: only the platform bundle (pg_net, pg_cron and
 * supabase_vault in SQL; a few kilobytes), so `create extension pg_cron` works in any SQL the
 * server runs. Every other extension PGlite or pgvector ships is installed when the bootstrap, a
 * migration or the seed creates it, or when the database already has it (extensions-on-demand.ts).
 */
const startupExtensions: Extensions = { platform: platformExtensions };

/**
 * For code that opens a PGlite itself instead of through `openDatabase` (tests): the bundles the
 * platform bootstrap creates (pg_trgm, pgcrypto, uuid-ossp, pg_net, Vault) and the common text
 * search ones, all installed at `PGlite.create`.
 */
export const pgliteExtensions: Extensions = { pg_trgm, pgcrypto, uuid_ossp, fuzzystrmatch, unaccent, citext, platform: platformExtensions };

async function bootstrapFiles(): Promise<{ name: string; sql: string }[]> {
  const names = (await readdir(bootstrapDir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(bootstrapDir, name), 'utf8') })));
}

/**
 * Which bootstrap files a database has had. A database made before the ledger existed had every
 * file of that time (the five below), so they are recorded as applied and only newer ones run.
 */
const LEDGER_SQL = `
create schema if not exists supabase_migrations;
do $$ begin
  if to_regclass('supabase_migrations.platform_bootstrap') is null then
    create table supabase_migrations.platform_bootstrap (name text primary key, applied_at timestamptz not null default now());
    if to_regclass('supabase_migrations.schema_migrations') is not null then
      insert into supabase_migrations.platform_bootstrap (name)
      values ('00-roles-and-schemas.sql'), ('10-auth.sql'), ('20-storage.sql'), ('30-realtime.sql'), ('40-platform.sql');
    end if;
  end if;
end $$;`;

/**
 * Runs the platform bootstrap (roles; auth, storage, realtime, webhook and Vault schemas; grants):
 * every file on a fresh database, and on a database from an earlier version the files it lacks.
 */
export async function bootstrapDatabase(db: Database): Promise<string[]> {
  await db.exec(LEDGER_SQL);
  const { rows } = await db.query<{ name: string }>('select name from supabase_migrations.platform_bootstrap');
  const applied = new Set(rows.map((row) => row.name));
  const ran: string[] = [];
  for (const file of await bootstrapFiles()) {
    if (applied.has(file.name)) continue;
    try {
      await withExtensionsOnDemand(db, displayPath(path.join(bootstrapDir, file.name)), () =>
        db.transaction(async (tx) => {
          await tx.exec(file.sql);
          await tx.query('insert into supabase_migrations.platform_bootstrap (name) values ($1)', [file.name]);
        }),
      );
    } catch (error) {
      throw new Error(`Platform bootstrap ${file.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    ran.push(file.name);
  }
  return ran;
}

/**
 * Opening a PGlite and running initdb + bootstrap costs seconds of CPU. The bootstrapped
 * database is dumped once to node_modules/.cache (keyed by the bootstrap SQL and PGlite
 * version) and every later in-memory open loads that tarball instead — test files stay fast.
 */
async function snapshotPath(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(PGlite.name);
  const pkg = await readFile(path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8');
  hash.update(pkg);
  for (const file of await bootstrapFiles()) hash.update(file.name).update(file.sql);
  hash.update(await platformExtensionsHash());
  return path.join(snapshotDir, `bootstrap-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function openFromSnapshot(dataDir: string | undefined): Promise<PGlite> {
  const file = await snapshotPath();
  if (existsSync(file)) {
    const blob = new Blob([await readFile(file)]);
    const db = await PGlite.create({ dataDir, loadDataDir: blob, extensions: startupExtensions });
    await installCreatedExtensions(db);
    return db;
  }
  const db = await PGlite.create({ dataDir, extensions: startupExtensions });
  await bootstrapDatabase(db);
  const dump = await db.dumpDataDir('none');
  await mkdir(snapshotDir, { recursive: true });
  // Write then rename so concurrent test workers never read a half-written snapshot.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
  await rename(temp, file);
  return db;
}

/**
 * Opens PGlite itself: in memory (from the cached bootstrap snapshot) when `pgdata` is null, else
 * the files under `pgdata` (created from the snapshot when empty, bootstrapped up to date when
 * not). No lock: the caller owns the directory (openDatabase, or the database worker's parent).
 */
export async function openPGlite(pgdata: string | null, reset = false): Promise<PGlite> {
  if (pgdata === null) return openFromSnapshot(undefined);
  return openPersisted(pgdata, reset);
}

/**
 * Opens the backend's single PGlite behind the `Database` face, on this thread or (`thread:
 * 'worker'`) in a worker thread: persisted under `dataDir/pgdata` or in memory, bootstrapped on
 * first open so hosted-Supabase migrations run unchanged. A data directory is locked for as long
 * as the database is open (data-dir-lock.ts): while another server (or this process) has it open,
 * this throws DataDirLockedError before reading or writing anything in it.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ((options.thread ?? (options.dataDir === null ? 'main' : 'worker')) === 'worker') return openInWorker(options);
  if (options.dataDir === null) return pgliteDatabase(await openPGlite(null));
  const lock = await lockDataDir(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = await openPGlite(path.join(lock.dataDir, 'pgdata'), options.reset === true);
  } catch (error) {
    await lock.release();
    throw error;
  }
  // The lock outlives every write: it goes once PGlite has shut down and flushed its files.
  return pgliteDatabase(pglite, () => lock.release());
}

/**
 * `openDatabase` with PGlite in a worker. The lock is taken here and kept across the worker's
 * whole life, restarts included: a lock is per process, so a worker that was terminated could not
 * take it again. It goes once the worker has exited.
 */
async function openInWorker(options: OpenDatabaseOptions): Promise<Database> {
  if (options.dataDir === null) return openWorkerDatabase({ pgdata: null });
  const lock = await lockDataDir(options.dataDir);
  try {
    return await openWorkerDatabase({ pgdata: path.join(lock.dataDir, 'pgdata'), reset: options.reset === true, onClose: () => lock.release() });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function openPersisted(pgdata: string, reset: boolean): Promise<PGlite> {
  if (reset) await rm(pgdata, { recursive: true, force: true });
  if (!existsSync(pgdata) || (await readdir(pgdata)).length === 0) {
    await mkdir(pgdata, { recursive: true });
    return openFromSnapshot(pgdata);
  }
  const db = await PGlite.create({ dataDir: pgdata, extensions: startupExtensions });
  try {
    await installCreatedExtensions(db);
    await bootstrapDatabase(db);
  } catch (error) {
    // Closed before the lock goes, so no second instance ever writes beside this one.
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
