import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { createApp } from './app.ts';
import { DEMO_ACCOUNTS, ensureDemoUsers } from './auth/demo-users.ts';
import { openBackend } from './backend-context.ts';
import { startDatabaseWorkers, type DatabaseWorkers } from './database-workers.ts';
import { attachRealtime, createRealtime } from './realtime/index.ts';
import { createNodeSupabaseClient } from './lib/node-supabase-client.ts';
import { settleAfterResponse } from './lib/after-response.ts';
import { seedCatalogIfEmpty } from '../supabase/seed/seed-if-empty.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    project: { type: 'string', default: './supabase' },
    'data-dir': { type: 'string', default: './.data' },
    reset: { type: 'boolean', default: false },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 54321);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`Invalid port "${values.port ?? process.env.PORT}". Use a number between 1 and 65535.`);
  process.exit(1);
}

if (!values['no-build']) ensureBuild(rootDir);

const publicUrl = `http://localhost:${port}`;
// performance.now() counts from process start, so the figure includes module loading.
const started = 0;
let opened;
try {
  opened = await openBackend({
    projectDir: path.resolve(values.project),
    dataDir: path.resolve(values['data-dir']),
    reset: values.reset,
    publicUrl,
    onProgress: (message) => console.log(`  … ${message}`),
  });
} catch (error) {
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { ctx, migrations, fresh } = opened;
const createdDemo = await ensureDemoUsers(ctx);
const realtime = createRealtime(ctx);
// Per-IP auth limits key on the socket's address unless a proxy in front names its header (GoTrue's
// GOTRUE_RATE_LIMIT_HEADER); a header from the open internet is never believed by default.
const rateLimitHeader = process.env.LUMEN_RATE_LIMIT_HEADER || undefined;
// GoTrue's per-IP limiters are on; LUMEN_RATE_LIMITS=off turns them off, as the Supabase CLI's stack
// has them (it configures no client-address header), for a test suite that signs up many users.
const perIpLimits = process.env.LUMEN_RATE_LIMITS !== 'off';
// Lumen's hosted project turns on two dashboard settings config.toml cannot hold (README): a password
// change asks for the current password, and leaked passwords are refused. GoTrue's own variables
// turn them off here ("false").
const requireCurrentPassword = process.env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD !== 'false';
const leakedPasswordProtection = process.env.GOTRUE_PASSWORD_HIBP_ENABLED !== 'false';
const app = await createApp({
  distDir: path.join(rootDir, 'dist'),
  backend: ctx,
  realtime,
  auth: { rateLimitHeader, perIpLimits, requireCurrentPassword, leakedPasswordProtection },
});
try {
  const seeded = await seedCatalogIfEmpty(ctx.db, createNodeSupabaseClient(publicUrl, ctx.keys.serviceRoleKey, app), {
    onProgress: (message) => console.log(`  … seeding ${message}`),
  });
  if (seeded) console.log(`  … seeded ${seeded.categories} categories, ${seeded.items} items, ${seeded.images} images`);
} catch (error) {
  console.error(`Seeding the demo catalog failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let workers: DatabaseWorkers | null = null;
// Idle keep-alive sockets stay open longer than Node's 5 s default: a client (a browser, Playwright's
// request context) that reuses one just as the server closes it gets ECONNRESET for a request it
// never saw answered.
const serverOptions = { keepAliveTimeout: 65_000, headersTimeout: 66_000 };
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port, serverOptions }, (info) => {
  // pg_net and pg_cron start once the server answers: a queued webhook's function calls back into
  // the APIs at once, and requests an earlier run left queued go out now.
  startDatabaseWorkers(ctx, app.fetch)
    .then((started) => (workers = started))
    .catch((error: unknown) => console.error('The database workers (pg_net, pg_cron) could not start:', error));
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const lines = [
    `Lumen is running at http://localhost:${info.port}`,
    '',
    `  API URL          ${publicUrl}  (/auth/v1, /rest/v1, …)`,
    `  anon key         ${ctx.keys.anonKey}`,
    `  service_role key ${ctx.keys.serviceRoleKey}`,
    `  publishable key  ${ctx.keys.publishableKey}`,
    `  secret key       ${ctx.keys.secretKey}`,
    `  JWT secret       ${ctx.keys.jwtSecret}`,
    `  project          ${ctx.projectDir}`,
    `  data             ${ctx.dataDir}/pgdata`,
    `  mail outbox      ${publicUrl}/_dev/mail.json`,
    '',
    '  Demo accounts:',
    ...DEMO_ACCOUNTS.map((account) => `    ${account.email} / ${account.password}${createdDemo.includes(account.email) ? '  (created)' : ''}`),
    '',
    `Ready in ${seconds} s (${fresh ? 'cold: new database' : 'warm: existing database'}; ` +
      `${migrations.applied.length} migration(s) applied, ${migrations.skipped.length} already applied` +
      `${migrations.seeded ? ', seeded' : ''}).`,
  ];
  console.log(lines.join('\n'));
});
attachRealtime(server, realtime);
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`Port ${port} is already in use. Set PORT to use another one.`);
  else console.error(error);
  process.exit(1);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Sockets first (realtime, keep-alive), then the database workers, then PGlite, so the data
  // directory is flushed cleanly.
  await realtime.close().catch(() => undefined);
  await workers?.stop().catch(() => undefined);
  await settleAfterResponse();
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
  await ctx.db.close().catch(() => undefined);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
