/**
 * The local backend's public face: everything outside server/ imports from here (or, for tests,
 * from server/testing/). Lint refuses any other path into server/.
 */

// Starting and stopping a backend.
export {
  PortUnavailableError,
  startBackend,
  type Backend,
  type BackendClients,
  type BackendData,
  type BackendOptions,
  type PreparingBackend,
} from './start-backend.ts';
export type { DatabaseWorkerName, DatabaseWorkers } from './database-workers.ts';
export { DataDirLockedError } from './db/data-dir-lock.ts';

// The command line (server/main.ts, a project's composition root such as scripts/start.ts).
export { portFrom, SERVER_ARGS, serveProject, type ServeOptions } from './serve.ts';

// What a backend is made of, for code that receives one.
export type { ServerContext } from './context.ts';
export { loadProjectConfig, type ProjectConfig, type ProjectConfigOverrides } from './config/project-config.ts';
export type { AuthAppOptions } from './auth/auth-app.ts';
export type { MigrationResult } from './db/migrate.ts';

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
export { openDatabase, type OpenDatabaseOptions } from './db/open-database.ts';
export { runMigrations } from './db/migrate.ts';

// Serving a built single-page app: what the build writes for it and the headers it is served with.
export { APP_SHELL, createStaticApp } from './static/static-app.ts';
export { contentSecurityPolicy, documentSecurityHeaders, type CspOptions } from './static/security-headers.ts';
export { precompress } from './static/precompress.ts';
export { documentScripts } from './static/document-scripts.ts';
