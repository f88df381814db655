import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';

// The throwaway cluster itself lives with the server's test helpers (the backend's own tests on a
// real PostgreSQL start it too).
export { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.ts';

const BOOTSTRAP_DIR = path.resolve(LUMEN_PROJECT_DIR, '..', 'server', 'db', 'bootstrap');

/** Applies the platform bootstrap and every Lumen migration, in order, like the local backend does. */
export async function migratePostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    for (const dir of [BOOTSTRAP_DIR, path.join(LUMEN_PROJECT_DIR, 'migrations')]) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql')).sort()) {
        try {
          await client.query(readFileSync(path.join(dir, file), 'utf8'));
        } catch (error) {
          throw new Error(`${file} failed on PostgreSQL: ${error instanceof Error ? error.message : String(error)}`);
        }
        applied.push(file);
      }
    }
  } finally {
    await client.end();
  }
  return applied;
}
