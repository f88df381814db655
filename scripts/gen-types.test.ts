import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateDatabaseTypes } from './database-types/generate-database-types.ts';
import { DATABASE_TYPES_FILE, LUMEN_TYPES } from './gen-types.ts';

describe('src/types/database.ts', () => {
  it('is what npm run gen:types makes of supabase/migrations today', async () => {
    const fresh = await generateDatabaseTypes(LUMEN_TYPES);
    const committed = await readFile(DATABASE_TYPES_FILE, 'utf8').catch(() => '(missing)');
    expect(committed, 'src/types/database.ts is stale: run npm run gen:types and commit the result').toBe(fresh);
  });
});
