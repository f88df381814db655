import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { AuthAppOptions } from './auth/auth-app.ts';
import { openBackend } from './backend-context.ts';
import type { ServerContext } from './context.ts';
import { startDatabaseWorkers, type DatabaseWorkers } from './database-workers.ts';
import { attachRealtime, createRealtime } from './realtime/index.ts';
import { settleAfterResponse } from './lib/after-response.ts';

/** The command-line options every way of starting the server shares (node:util parseArgs shape). */
export const SERVER_ARGS = {
  port: { type: 'string' },
  project: { type: 'string', default: './supabase' },
  'data-dir': { type: 'string', default: './.data' },
  reset: { type: 'boolean', default: false },
} as const;

/** What a project's own start-up (seed data, demo accounts) gets once the APIs answer in-process. */
export interface ProjectStartup {
  ctx: ServerContext;
  app: Hono;
  publicUrl: string;
  log: (message: string) => void;
}

export interface ServeOptions {
  port: number;
  projectDir: string;
  dataDir: string;
  reset: boolean;
  /** A built single-page app to serve at `/` (none: the APIs only). */
  distDir?: string;
  auth?: Pick<AuthAppOptions, 'requireCurrentPassword' | 'leakedPasswordProtection'>;
  /** The banner's first words ("<title> is running at …"). */
  title?: string;
  /**
   * The project's own steps after migrations and before listening; it returns lines for the
   * banner. A failure stops start-up with its message, as a failed migration does.
   */
  prepare?: (startup: ProjectStartup) => Promise<string[]>;
}

/** `--port`, else PORT, else 54321 (the Supabase CLI's API port); null when it is not a port. */
export function portFrom(arg: string | undefined): number | null {
  const port = Number(arg ?? process.env.PORT ?? 54321);
  return Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const portInUse = (port: number) => `Port ${port} is already in use. Use --port or PORT to pick another one.`;

/**
 * Binds the port and lets it go, so a start on a busy port stops before it opens (or creates) the
 * data directory; a process that takes the port in between is still caught when the server listens.
 */
async function checkPortFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
  }).catch((error: NodeJS.ErrnoException) => fail(error.code === 'EADDRINUSE' ? portInUse(port) : `Port ${port} cannot be used: ${error.message}`));
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/**
 * Opens the project's database (migrations, platform bootstrap), builds the APIs, runs the
 * project's `prepare` step, listens on 127.0.0.1 and stops cleanly on SIGINT/SIGTERM. Nothing in
 * here knows which project it serves: the composition root (scripts/start.ts for Lumen) hands in
 * its build output and seed steps.
 */
export async function serveProject(options: ServeOptions): Promise<void> {
  const { port } = options;
  const publicUrl = `http://localhost:${port}`;
  const log = (message: string) => console.log(`  … ${message}`);
  await checkPortFree(port);
  let opened;
  try {
    opened = await openBackend({ projectDir: options.projectDir, dataDir: options.dataDir, reset: options.reset, publicUrl, onProgress: log });
  } catch (error) {
    fail(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { ctx, migrations, fresh } = opened;
  const realtime = createRealtime(ctx);
  // Per-IP auth limits key on the socket's address unless a proxy in front names its header (GoTrue's
  // GOTRUE_RATE_LIMIT_HEADER); a header from the open internet is never believed by default.
  const rateLimitHeader = process.env.LUMEN_RATE_LIMIT_HEADER || undefined;
  // GoTrue's per-IP limiters are on; LUMEN_RATE_LIMITS=off turns them off, as the Supabase CLI's stack
  // has them (it configures no client-address header), for a test suite that signs up many users.
  const perIpLimits = process.env.LUMEN_RATE_LIMITS !== 'off';
  const app = await createApp({ distDir: options.distDir, backend: ctx, realtime, auth: { rateLimitHeader, perIpLimits, ...options.auth } });
  let projectLines: string[] = [];
  try {
    projectLines = (await options.prepare?.({ ctx, app, publicUrl, log })) ?? [];
  } catch (error) {
    await ctx.db.close().catch(() => undefined);
    fail(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
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
    // performance.now() counts from process start, so the figure includes module loading.
    const seconds = (performance.now() / 1000).toFixed(2);
    const lines = [
      `${options.title ?? 'The local Supabase backend'} is running at http://localhost:${info.port}`,
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
      ...(projectLines.length > 0 ? ['', ...projectLines] : []),
      '',
      `Ready in ${seconds} s (${fresh ? 'cold: new database' : 'warm: existing database'}; ` +
        `${migrations.applied.length} migration(s) applied, ${migrations.skipped.length} already applied` +
        `${migrations.seeded ? ', seeded' : ''}).`,
    ];
    console.log(lines.join('\n'));
  });
  attachRealtime(server, realtime);
  server.on('error', (error: NodeJS.ErrnoException) => {
    const message = error.code === 'EADDRINUSE' ? portInUse(port) : String(error);
    void ctx.db
      .close()
      .catch(() => undefined)
      .then(() => fail(message));
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
}
