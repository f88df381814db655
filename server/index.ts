/**
 * The local backend's public face: everything outside server/ imports from here (or, for tests,
 * from server/testing/). Lint refuses any other path into server/.
 *
 * Importing it stays cheap (e2e specs and build scripts come for a key or a header): the backend's
 * own modules (PGlite, every service) load when a backend is started or a database opened.
 */
import type { Database } from './db/database.ts';
import type { ProjectConfig, ProjectConfigOverrides } from './config/project-config.ts';
import type { MigrateOptions, MigrationResult } from './db/migrate.ts';
import type { OpenDatabaseOptions } from './db/open-database.ts';
import type { ServeOptions } from './serve.ts';
import type { Backend, BackendOptions } from './start-backend.ts';

// Starting and stopping a backend.
export type { Backend, BackendClients, BackendData, BackendOptions, PreparingBackend } from './start-backend.ts';
export type { DatabaseWorkerName, DatabaseWorkers } from './database-workers.ts';
export { PortUnavailableError } from './port-unavailable-error.ts';

/**
 * Starts a whole local backend: the port (when listening), the data (locked), migrations and seed,
 * the app, the project's `prepare`, realtime and the workers; `close()` undoes it in reverse once
 * the work in flight is done. See start-backend.ts.
 */
export async function startBackend(options: BackendOptions): Promise<Backend> {
  const lifecycle = await import('./start-backend.ts');
  return lifecycle.startBackend(options);
}

// The command line (server/main.ts, a project's composition root such as scripts/start.ts).
export { portFrom, SERVER_ARGS } from './cli-args.ts';
export type { ServeOptions } from './serve.ts';

/** startBackend for a command line: a banner once it answers, a clean stop on SIGINT/SIGTERM, exit 1 on a failed start. */
export async function serveProject(options: ServeOptions): Promise<void> {
  const serve = await import('./serve.ts');
  return serve.serveProject(options);
}

// What a backend is made of, for code that receives one.
export type { Database, DatabaseEngine, DatabaseResults, DatabaseSession, DatabaseTransaction } from './db/database.ts';
export type { ServerContext } from './context.ts';
export type { ProjectConfig, ProjectConfigOverrides } from './config/project-config.ts';
export type { AuthAppOptions } from './auth/auth-app.ts';
export type { MigrationResult } from './db/migrate.ts';

/** A project's config.toml as the backend reads it (CLI defaults filled in, overrides on top). */
export async function loadProjectConfig(projectDir: string, overrides?: ProjectConfigOverrides): Promise<ProjectConfig> {
  const config = await import('./config/project-config.ts');
  return config.loadProjectConfig(projectDir, overrides);
}

// The well-known development keys every local backend uses, as the Supabase CLI's.
export {
  DEV_ANON_KEY,
  DEV_JWT_SECRET,
  DEV_PUBLISHABLE_KEY,
  DEV_SECRET_KEY,
  DEV_SERVICE_ROLE_KEY,
  devKeys,
  type ApiKeys,
} from './gateway/keys.ts';
export { LOCAL_ORDER_WEBHOOK_SECRET } from './functions/local-function-secrets.ts';

// A supabase-js client for Node (scripts, seeding, benchmarks).
export { createNodeSupabaseClient, type InProcessApp } from './lib/node-supabase-client.ts';

// A database without the services, for tools that read a project's schema (type generation).
export type { OpenDatabaseOptions } from './db/open-database.ts';

/** The backend's PGlite alone: bootstrapped, locked when on a directory; see db/open-database.ts. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = await import('./db/open-database.ts');
  return database.openDatabase(options);
}

/** A project's migrations (no seed) on a database from openDatabase. */
export async function runMigrations(
  db: Database,
  projectDir: string,
  options?: MigrateOptions,
): Promise<MigrationResult> {
  const migrate = await import('./db/migrate.ts');
  return migrate.runMigrations(db, projectDir, options);
}

// Serving a built single-page app: what the build writes for it and the headers it is served with.
export { APP_SHELL, createStaticApp, NOT_FOUND_PAGE, type PageLookup, type PageStatus, type RouteTable } from './static/static-app.ts';
export { databasePageLookup } from './static/page-lookup.ts';
export { decodeEntities as decodeHtmlEntities } from './mail/html-text.ts';
export { FairAdmission } from './gateway/admission.ts';
export { contentSecurityPolicy, documentSecurityHeaders, type CspOptions } from './static/security-headers.ts';
export { precompress } from './static/precompress.ts';
export { documentScripts } from './static/document-scripts.ts';
