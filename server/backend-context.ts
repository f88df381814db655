import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadProjectConfig, type ProjectConfigOverrides } from './config/project-config.ts';
import type { ServerContext } from './context.ts';
import { migrateProject, type MigrationResult } from './db/migrate.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { devKeys } from './gateway/keys.ts';
import { syncConfiguredBuckets } from './storage/configured-buckets.ts';
import { recoverStagedFiles } from './storage/recover-staged-files.ts';
import { storageRoot } from './storage/storage-app.ts';
import { createMailOutbox } from './mail/outbox.ts';

export interface OpenBackendOptions {
  projectDir: string;
  /** null = in memory. */
  dataDir: string | null;
  reset?: boolean;
  /** A real PostgreSQL for the database; `dataDir` (required then) keeps only storage objects. */
  databaseUrl?: string;
  publicUrl: string;
  config?: ProjectConfigOverrides;
  onProgress?: (message: string) => void;
}

/**
 * Start-up in one place: read config.toml, open (and bootstrap) the database, run the
 * project's migrations and seed. A bad config or a failing migration throws with the file named.
 */
export async function openBackend(options: OpenBackendOptions): Promise<{ ctx: ServerContext; migrations: MigrationResult; fresh: boolean }> {
  const projectDir = path.resolve(options.projectDir);
  const config = await loadProjectConfig(projectDir, options.config);
  let db: Database;
  let fresh: boolean;
  if (options.databaseUrl !== undefined) {
    if (options.dataDir === null) throw new Error('A backend on a PostgreSQL URL needs a data directory for its storage objects');
    options.onProgress?.('opening the database');
    // Loaded only for a PostgreSQL URL: the pg driver is not needed on PGlite.
    const { openPostgresBackendDatabase } = await import('./db/postgres/open-postgres.ts');
    ({ db, fresh } = await openPostgresBackendDatabase({ url: options.databaseUrl, dataDir: options.dataDir }));
  } else {
    fresh = options.dataDir === null || options.reset === true || !existsSync(path.join(path.resolve(options.dataDir), 'pgdata'));
    options.onProgress?.(fresh ? 'creating the database' : 'opening the database');
    db = await openDatabase({ dataDir: options.dataDir, reset: options.reset });
  }
  try {
    const migrations = await migrateProject(db, projectDir, { onProgress: options.onProgress });
    await syncConfiguredBuckets({ db, config });
    if (options.dataDir !== null) {
      // A previous process may have been killed mid-upload: finish or drop its staged files
      // before anything serves requests (see recover-staged-files.ts).
      const recovered = await recoverStagedFiles(db, storageRoot({ dataDir: path.resolve(options.dataDir) }));
      if (recovered.restored + recovered.removed + recovered.orphans > 0) {
        options.onProgress?.(
          `storage: ${recovered.restored} interrupted upload(s) completed, ${recovered.removed} stale staging file(s) and ${recovered.orphans} orphaned file(s) removed`,
        );
      }
    }
    const ctx: ServerContext = {
      db,
      keys: devKeys,
      publicUrl: options.publicUrl,
      projectDir,
      dataDir: options.dataDir === null ? null : path.resolve(options.dataDir),
      config,
      mail: createMailOutbox(db),
    };
    return { ctx, migrations, fresh };
  } catch (error) {
    await db.close();
    throw error;
  }
}
