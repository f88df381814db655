import { performance } from 'node:perf_hooks';
import type { AuthAppOptions } from './auth/auth-app.ts';
import { PortUnavailableError } from './port-unavailable-error.ts';
import { startBackend, type Backend, type PreparingBackend } from './start-backend.ts';

export { portFrom, SERVER_ARGS } from './cli-args.ts';

export interface ServeOptions {
  port: number;
  projectDir: string;
  dataDir: string;
  reset: boolean;
  /** A real PostgreSQL (`--db-url`) for the database; `dataDir` then keeps only storage objects. */
  databaseUrl?: string;
  /** A built single-page app to serve at `/` (none: the APIs only). */
  distDir?: string;
  auth?: Pick<AuthAppOptions, 'requireCurrentPassword' | 'leakedPasswordProtection'>;
  /** The banner's first words ("<title> is running at …"). */
  title?: string;
  /**
   * The project's own steps after migrations and before the port answers; it returns lines for the
   * banner. A failure stops start-up with its message, as a failed migration does.
   */
  prepare?: (backend: PreparingBackend) => Promise<string[]>;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The database URL as the banner shows it: without its password. */
function databaseName(url: string | undefined): string {
  if (url === undefined) return '';
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(the --db-url given)';
  }
}

function banner(backend: Backend, options: ServeOptions): string {
  const { ctx, url, startup } = backend;
  // performance.now() counts from process start, so the figure includes module loading.
  const seconds = (performance.now() / 1000).toFixed(2);
  const { migrations } = startup;
  return [
    `${options.title ?? 'The local Supabase backend'} is running at ${url}`,
    '',
    `  API URL          ${url}  (/auth/v1, /rest/v1, …)`,
    `  anon key         ${ctx.keys.anonKey}`,
    `  service_role key ${ctx.keys.serviceRoleKey}`,
    `  publishable key  ${ctx.keys.publishableKey}`,
    `  secret key       ${ctx.keys.secretKey}`,
    `  JWT secret       ${ctx.keys.jwtSecret}`,
    `  project          ${ctx.projectDir}`,
    ...(ctx.db.engine === 'postgres' ? [`  database         ${databaseName(options.databaseUrl)}`, `  storage          ${ctx.dataDir}/storage`] : [`  data             ${ctx.dataDir}/pgdata`]),
    `  mail outbox      ${url}/_dev/mail.json`,
    ...(startup.prepared.length > 0 ? ['', ...startup.prepared] : []),
    '',
    `Ready in ${seconds} s (${startup.fresh ? 'cold: new database' : 'warm: existing database'}; ` +
      `${migrations.applied.length} migration(s) applied, ${migrations.skipped.length} already applied` +
      `${migrations.seeded ? ', seeded' : ''}).`,
  ].join('\n');
}

/**
 * The command line's face of startBackend: a project on a data directory at a port, with the
 * environment's auth settings, a banner once it answers, and a clean stop on SIGINT/SIGTERM. Nothing
 * in here knows which project it serves: the composition root (scripts/start.ts for Lumen) hands in
 * its build output and seed steps.
 */
export async function serveProject(options: ServeOptions): Promise<void> {
  const log = (message: string) => console.log(`  … ${message}`);
  // Per-IP auth limits key on the socket's address unless a proxy in front names its header (GoTrue's
  // GOTRUE_RATE_LIMIT_HEADER); a header from the open internet is never believed by default.
  const rateLimitHeader = process.env.LUMEN_RATE_LIMIT_HEADER || undefined;
  // GoTrue's per-IP limiters are on; LUMEN_RATE_LIMITS=off turns them off, as the Supabase CLI's stack
  // has them (it configures no client-address header), for a test suite that signs up many users.
  const perIpLimits = process.env.LUMEN_RATE_LIMITS !== 'off';
  if (options.databaseUrl !== undefined && options.reset) {
    fail('--reset deletes a PGlite data directory; with --db-url, drop and create the database yourself (dropdb, createdb) instead.');
  }
  let backend: Backend;
  try {
    backend = await startBackend({
      projectDir: options.projectDir,
      data: options.databaseUrl === undefined ? { dir: options.dataDir, reset: options.reset } : { databaseUrl: options.databaseUrl, dir: options.dataDir },
      port: options.port,
      publicHost: 'localhost',
      distDir: options.distDir,
      auth: { rateLimitHeader, perIpLimits, ...options.auth },
      prepare: options.prepare,
      onProgress: log,
    });
  } catch (error) {
    if (error instanceof PortUnavailableError) {
      fail(error.code === 'EADDRINUSE' ? `${error.message}. Use --port or PORT to pick another one.` : error.message);
    }
    fail(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(banner(backend, options));

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await backend.close().catch((error: unknown) => console.error('Stopping the backend failed:', error));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
}
