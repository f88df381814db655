import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadProjectConfig, portFrom, SERVER_ARGS, serveProject, type PreparingBackend } from '../server/index.ts';
import { DEMO_ACCOUNTS, ensureDemoUsers } from '../supabase/seed/demo-users.ts';
import { seedCatalogIfEmpty } from '../supabase/seed/seed-if-empty.ts';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm start`: Lumen's composition root. The server (server/index.ts) serves any Supabase project
 * folder; what is Lumen's lives here: building the app it serves, seeding the demo catalog and
 * demo accounts on a fresh database, and the two Auth settings Lumen's hosted project turns on.
 * With `--project DIR` naming another project, only the settings stay: Lumen's app, catalog and
 * accounts need Lumen's tables.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { ...SERVER_ARGS, 'no-build': { type: 'boolean', default: false } } });
const port = portFrom(values.port);
if (port === null) {
  console.error(`Invalid port "${values.port ?? process.env.PORT}". Use a number between 1 and 65535.`);
  process.exit(1);
}

/** The folder's real path (symlinks and `..` resolved), or the path as given when it does not exist. */
function realPath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/**
 * Whether `dir` is Lumen's project: its own `supabase/` folder, or a copy of it (the kill tests serve
 * one with a function swapped), known by the `project_id` of its config.toml. Another project gets
 * none of Lumen's steps: its seed and demo accounts need Lumen's tables.
 */
async function isLumenProject(dir: string): Promise<boolean> {
  const lumenDir = path.join(rootDir, 'supabase');
  if (realPath(dir) === realPath(lumenDir)) return true;
  const [lumen, other] = await Promise.all([loadProjectConfig(lumenDir), loadProjectConfig(dir).catch(() => null)]);
  return other?.project_id === lumen.project_id;
}

const projectDir = path.resolve(values.project);
const isLumen = await isLumenProject(projectDir);
if (isLumen && !values['no-build']) ensureBuild(rootDir);

/** Lumen's own start-up: the demo accounts (one of them staff) and, on an empty database, the demo catalog. */
async function prepareLumen({ ctx, serviceClient, log }: PreparingBackend): Promise<string[]> {
  const created = await ensureDemoUsers(serviceClient());
  const seeded = await seedCatalogIfEmpty(ctx.db, serviceClient(), { onProgress: (message) => log(`seeding ${message}`) }).catch((error: unknown) => {
    throw new Error(`seeding the demo catalog failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (seeded) log(`seeded ${seeded.categories} categories, ${seeded.products} products, ${seeded.items} items, ${seeded.images} images`);
  return [
    '  Demo accounts:',
    ...DEMO_ACCOUNTS.map(
      (account) => `    ${account.email} / ${account.password}${account.staff ? '  (staff)' : ''}${created.includes(account.email) ? '  (created)' : ''}`,
    ),
  ];
}

await serveProject({
  port,
  title: isLumen ? 'Lumen' : undefined,
  projectDir,
  dataDir: path.resolve(values['data-dir']),
  reset: values.reset,
  databaseUrl: values['db-url'],
  distDir: isLumen ? path.join(rootDir, 'dist') : undefined,
  // Lumen's hosted project turns on two dashboard settings config.toml cannot hold (README): a
  // password change asks for the current password, and leaked passwords are refused. GoTrue's own
  // variables turn them off here ("false").
  auth: {
    requireCurrentPassword: process.env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD !== 'false',
    leakedPasswordProtection: process.env.GOTRUE_PASSWORD_HIBP_ENABLED !== 'false',
  },
  prepare: isLumen ? prepareLumen : undefined,
});
