import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';
import { displayPath, UnavailableExtensionError, withExtensionsOnDemand } from './extensions-on-demand.ts';

export interface MigrationResult {
  /** Files applied by this run, in order. */
  applied: string[];
  /** Files already recorded, skipped. */
  skipped: string[];
  /** Whether seed.sql ran in this call. */
  seeded: boolean;
}

export interface MigrateOptions {
  /** Called before each file runs (start-up progress). */
  onProgress?: (message: string) => void;
}

/** Like the CLI: `<version>_<name>.sql`; the version is the leading digits. */
function parseMigrationFile(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '');
  const match = base.match(/^(\d+)_?(.*)$/);
  return match ? { version: match[1], name: match[2] } : { version: base, name: base };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? `${error.message} (SQLSTATE ${code})` : error.message;
}

/**
 * Applies `<projectDir>/migrations/*.sql` in filename order, each once (recorded in
 * supabase_migrations.schema_migrations like the CLI), each in its own transaction.
 * A failing file throws an Error naming the file and the SQL error; nothing of it stays.
 * Extensions a file creates are installed into PGlite then (extensions-on-demand.ts); one PGlite
 * does not ship throws UnavailableExtensionError, whose message says what to do.
 */
export async function runMigrations(db: Database, projectDir: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  const dir = path.join(projectDir, 'migrations');
  const files = existsSync(dir) ? (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort() : [];
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((row) => row.version));
  const result: MigrationResult = { applied: [], skipped: [], seeded: false };
  for (const file of files) {
    const { version, name } = parseMigrationFile(file);
    if (done.has(version)) {
      result.skipped.push(file);
      continue;
    }
    options.onProgress?.(`migration ${file}`);
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await withExtensionsOnDemand(db, displayPath(path.join(dir, file)), () =>
        db.transaction(async (tx) => {
          await tx.exec(sql);
          // Migrations may change role or search_path; restore them before bookkeeping.
          await tx.exec('reset role; reset search_path');
          await tx.query(
            'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
            [version, name, [sql]],
          );
        }),
      );
    } catch (error) {
      if (error instanceof UnavailableExtensionError) throw error;
      throw new Error(`Migration ${file} failed: ${describeError(error)}`, { cause: error });
    }
    done.add(version);
    result.applied.push(file);
  }
  return result;
}

/**
 * Runs `<projectDir>/seed.sql` once per database: a database that already has a seed
 * recorded (i.e. not fresh) is never re-seeded, even if the file changes.
 */
export async function runSeed(db: Database, projectDir: string, options: MigrateOptions = {}): Promise<boolean> {
  const file = path.join(projectDir, 'seed.sql');
  if (!existsSync(file)) return false;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.seed_files');
  if ((rows[0]?.n ?? 0) > 0) return false;
  const sql = await readFile(file, 'utf8');
  options.onProgress?.('seed.sql');
  try {
    await withExtensionsOnDemand(db, displayPath(file), () =>
      db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.exec('reset role; reset search_path');
        await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
          'seed.sql',
          createHash('sha256').update(sql).digest('hex'),
        ]);
      }),
    );
  } catch (error) {
    if (error instanceof UnavailableExtensionError) throw error;
    throw new Error(`Seed seed.sql failed: ${describeError(error)}`, { cause: error });
  }
  return true;
}

/** Migrations then seed: what start-up and every test backend run. */
export async function migrateProject(db: Database, projectDir: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  // Fresh = nothing migrated or seeded yet; an existing database is never re-seeded.
  const { rows } = await db.query<{ fresh: boolean }>(
    `select not exists (select 1 from supabase_migrations.schema_migrations)
        and not exists (select 1 from supabase_migrations.seed_files) as fresh`,
  );
  const result = await runMigrations(db, projectDir, options);
  if (rows[0]?.fresh) result.seeded = await runSeed(db, projectDir, options);
  return result;
}
