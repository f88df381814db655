import { openDatabase, runMigrations } from '../../server/index.ts';
import { renderDatabaseTypes, type RenderOptions } from './render-database-types.ts';
import { readSchemaCatalog } from './schema-catalog.ts';

export interface GenerateOptions extends RenderOptions {
  /** A Supabase project folder: its `migrations/` are applied. */
  projectDir: string;
  /** The schemas to describe; the CLI's default is `public` plus config.toml's `[api] schemas`. */
  schemas?: readonly string[];
  onProgress?: (message: string) => void;
}

/**
 * The project's database types from its live schema: a fresh in-memory database, bootstrapped
 * and migrated as the local backend does at start-up (no seed: data does not change types),
 * read back from pg_catalog and rendered as `supabase gen types typescript` renders it.
 */
export async function generateDatabaseTypes(options: GenerateOptions): Promise<string> {
  options.onProgress?.('opening a temporary database');
  const db = await openDatabase({ dataDir: null });
  try {
    await runMigrations(db, options.projectDir, { onProgress: options.onProgress });
    options.onProgress?.('reading the schema');
    const catalog = await readSchemaCatalog(db, options.schemas ?? ['public']);
    return renderDatabaseTypes(catalog, options);
  } finally {
    await db.close();
  }
}
