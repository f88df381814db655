import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { portFrom, SERVER_ARGS, serveProject } from '../server/serve.ts';
import { createNodeSupabaseClient } from '../server/lib/node-supabase-client.ts';
import { DEMO_ACCOUNTS, ensureDemoUsers } from '../supabase/seed/demo-users.ts';
import { seedCatalogIfEmpty } from '../supabase/seed/seed-if-empty.ts';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm start`: Lumen's composition root. The server (server/serve.ts) serves any Supabase project
 * folder; what is Lumen's lives here: building the app it serves, seeding the demo catalog and
 * demo accounts on a fresh database, and the two Auth settings Lumen's hosted project turns on.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { ...SERVER_ARGS, 'no-build': { type: 'boolean', default: false } } });
const port = portFrom(values.port);
if (port === null) {
  console.error(`Invalid port "${values.port ?? process.env.PORT}". Use a number between 1 and 65535.`);
  process.exit(1);
}
if (!values['no-build']) ensureBuild(rootDir);

await serveProject({
  port,
  title: 'Lumen',
  projectDir: path.resolve(values.project),
  dataDir: path.resolve(values['data-dir']),
  reset: values.reset,
  distDir: path.join(rootDir, 'dist'),
  // Lumen's hosted project turns on two dashboard settings config.toml cannot hold (README): a
  // password change asks for the current password, and leaked passwords are refused. GoTrue's own
  // variables turn them off here ("false").
  auth: {
    requireCurrentPassword: process.env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD !== 'false',
    leakedPasswordProtection: process.env.GOTRUE_PASSWORD_HIBP_ENABLED !== 'false',
  },
  prepare: async ({ ctx, app, publicUrl, log }) => {
    const created = await ensureDemoUsers(ctx);
    const client = createNodeSupabaseClient(publicUrl, ctx.keys.serviceRoleKey, app);
    const seeded = await seedCatalogIfEmpty(ctx.db, client, { onProgress: (message) => log(`seeding ${message}`) }).catch((error: unknown) => {
      throw new Error(`seeding the demo catalog failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (seeded) log(`seeded ${seeded.categories} categories, ${seeded.items} items, ${seeded.images} images`);
    return [
      '  Demo accounts:',
      ...DEMO_ACCOUNTS.map(
        (account) => `    ${account.email} / ${account.password}${account.staff ? '  (staff)' : ''}${created.includes(account.email) ? '  (created)' : ''}`,
      ),
    ];
  },
});
