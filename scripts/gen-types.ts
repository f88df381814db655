import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDatabaseTypes } from './database-types/generate-database-types.ts';

/**
 * `npm run gen:types`: writes src/types/database.ts from supabase/migrations, in the shape of
 * `supabase gen types typescript --local`, with no Docker and no running server.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the app's types live, and what the staleness test compares against. */
export const DATABASE_TYPES_FILE = path.join(root, 'src', 'types', 'database.ts');
export const PROJECT_DIR = path.join(root, 'supabase');

/**
 * The options this project generates with. PostgrestVersion "12" is what supabase-js assumes
 * when none is given; saying so keeps its PostgREST 13-only typings (maxAffected, spreading
 * to-many embeds) off, as the local backend and the hosted project both accept.
 */
export const LUMEN_TYPES = { projectDir: PROJECT_DIR, schemas: ['public'], postgrestVersion: '12' } as const;

async function main(): Promise<void> {
  const started = performance.now();
  const source = await generateDatabaseTypes({ ...LUMEN_TYPES, onProgress: (message) => console.log(`gen:types: ${message}`) });
  await mkdir(path.dirname(DATABASE_TYPES_FILE), { recursive: true });
  await writeFile(DATABASE_TYPES_FILE, source);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`gen:types: wrote ${path.relative(root, DATABASE_TYPES_FILE)} (${source.split('\n').length} lines) in ${seconds} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
