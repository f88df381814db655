import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCatalog } from '../seed/seed-catalog.ts';
import { startBackend } from '../../server/index.ts';
import { withTestData } from '../../server/testing/test-database.ts';
import { DEFAULT_EMAIL_DOMAIN, type ConformanceTarget } from './target.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Enough items for paging and for each conformance file to order a different one. */
export const LOCAL_CATALOG_ITEMS = 48;

export interface LocalTarget {
  target: ConformanceTarget;
  close(): Promise<void>;
}

/**
 * Lumen's whole backend as `npm start` runs it — real migrations and functions from ./supabase,
 * realtime on the same port, the demo catalog seeded through the API with its images — in this
 * process, on an ephemeral loopback port, with an in-memory database (or, with LUMEN_TEST_DB=postgres,
 * a database on a throwaway PostgreSQL). The built app is served
 * too when dist/ exists, so the smoke check's site checks have something to load.
 */
export async function startLocalTarget(): Promise<LocalTarget> {
  const distDir = path.join(ROOT_DIR, 'dist');
  const hasBuild = existsSync(path.join(distDir, 'index.html')) && existsSync(path.join(distDir, 'build-manifest.json'));
  // LUMEN_TEST_DB=postgres: on a fresh database of a throwaway PostgreSQL instead (the --db-url backend).
  const backend = await withTestData((data) => startBackend({
    projectDir: path.join(ROOT_DIR, 'supabase'),
    data,
    port: 0,
    // The suite signs in dozens of throwaway users from one address: per-IP limits off, as in the CLI's stack.
    auth: { bcryptCost: 4, perIpLimits: false },
    ...(hasBuild ? { distDir } : {}),
    prepare: async ({ serviceClient }) => {
      await seedCatalog(serviceClient(), { items: LOCAL_CATALOG_ITEMS, images: true });
      return [];
    },
  }));
  return {
    target: {
      kind: 'local',
      url: backend.url,
      anonKey: backend.ctx.keys.anonKey,
      serviceRoleKey: backend.ctx.keys.serviceRoleKey,
      emailDomain: DEFAULT_EMAIL_DOMAIN,
      siteUrl: hasBuild ? backend.url : null,
    },
    close: backend.close,
  };
}
