import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Hono } from 'hono';
import { createApp } from '../app.ts';
import { settleAfterResponse } from '../lib/after-response.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { AuthAppOptions } from '../auth/auth-app.ts';
import { startDatabaseWorkers, type DatabaseWorkers } from '../database-workers.ts';
import type { FunctionsOptions } from '../functions/functions-app.ts';
import { loadProjectConfig, type ProjectConfigOverrides } from '../config/project-config.ts';
import type { ServerContext } from '../context.ts';
import { migrateProject } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { devKeys } from '../gateway/keys.ts';
import { createNodeSupabaseClient } from '../lib/node-supabase-client.ts';
import { createMailOutbox } from '../mail/outbox.ts';
import { syncConfiguredBuckets } from '../storage/configured-buckets.ts';

/** The tests' own tiny project (fixture tables, config.toml); never Lumen's schema. */
export const FIXTURE_PROJECT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'project');

export interface TestBackendOptions {
  /** Supabase project folder (migrations, seed.sql, config.toml). Default: the fixture project. */
  projectDir?: string;
  /** Deep overrides on top of the project's config.toml, e.g. `{ auth: { email: { enable_confirmations: true } } }`. */
  config?: ProjectConfigOverrides;
  /** Origin the clients use (and JWT `iss`); nothing listens on it. */
  publicUrl?: string;
  /** Edge functions tuning, e.g. a short time limit. */
  functions?: FunctionsOptions;
  /** Start pg_net's worker and pg_cron's launcher (Database Webhooks, scheduled jobs). Default off. */
  workers?: boolean;
  /** Believe this header for the client's address in auth's per-IP limits (as behind a proxy). */
  rateLimitHeader?: string;
  /**
   * Auth's per-IP request limits. Off by default, as in the Supabase CLI's stack: in-process
   * requests share one address, and a suite signing up many users must not trip them by accident.
   */
  perIpLimits?: boolean;
  /** Auth's limiter, e.g. with a fake clock to walk through minutes of traffic. */
  limiter?: RateLimiter;
  /** The dashboard-only password settings (server/auth/auth-app.ts); off by default, as in GoTrue. */
  passwordSettings?: Pick<AuthAppOptions, 'requireCurrentPassword' | 'leakedPasswordProtection'>;
}

export interface TestBackend {
  app: Hono;
  ctx: ServerContext;
  /** A fresh supabase-js client with the anon key (its own auth state). */
  anonClient(): SupabaseClient;
  /** A fresh supabase-js client with the service_role key. */
  serviceClient(): SupabaseClient;
  /** A fresh client with any key (e.g. ctx.keys.publishableKey). */
  client(key: string): SupabaseClient;
  /** `fetch` that routes into the app in-process. */
  fetch: typeof fetch;
  /** pg_net's worker and pg_cron's launcher, when started with `workers: true`. */
  workers: DatabaseWorkers | null;
  close(): Promise<void>;
}

/** Limits high enough that no test trips them unless it lowers them on purpose (email_sent is not per IP). */
const RELAXED_RATE_LIMITS: ProjectConfigOverrides = {
  auth: {
    rate_limit: {
      email_sent: 1_000_000, anonymous_users: 1_000_000, token_refresh: 1_000_000,
      sign_in_sign_ups: 1_000_000, token_verifications: 1_000_000,
    },
  },
};

function mergeOverrides(base: ProjectConfigOverrides, extra: ProjectConfigOverrides = {}): ProjectConfigOverrides {
  return {
    ...base,
    ...extra,
    auth: { ...base.auth, ...extra.auth, rate_limit: { ...base.auth?.rate_limit, ...extra.auth?.rate_limit } },
  };
}

/**
 * A whole backend in-process: an in-memory PGlite (cloned from the cached bootstrap snapshot),
 * the project's migrations and seed, and the app with every mounted service. Clients are the
 * real supabase-js talking to `app.fetch` — no port is opened.
 *
 * ```ts
 * const backend = await createTestBackend();
 * afterAll(() => backend.close());
 * const { data, error } = await backend.anonClient().auth.signUp({ email, password });
 * ```
 */
export async function createTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const projectDir = options.projectDir ?? FIXTURE_PROJECT_DIR;
  const publicUrl = options.publicUrl ?? 'http://localhost:54321';
  const config = await loadProjectConfig(projectDir, mergeOverrides(RELAXED_RATE_LIMITS, options.config));
  const db = await openDatabase({ dataDir: null });
  await migrateProject(db, projectDir);
  await syncConfiguredBuckets({ db, config });
  const ctx: ServerContext = { db, keys: devKeys, publicUrl, projectDir, dataDir: null, config, mail: createMailOutbox(db) };
  const app = await createApp({ backend: ctx, auth: {
      bcryptCost: 4,
      rateLimitHeader: options.rateLimitHeader,
      perIpLimits: options.perIpLimits ?? false,
      limiter: options.limiter,
      ...options.passwordSettings,
    }, functions: options.functions });

  const inProcessFetch: typeof fetch = async (input, init) => app.fetch(new Request(input, init));
  const workers = options.workers ? await startDatabaseWorkers(ctx, app.fetch) : null;
  const client = (key: string): SupabaseClient => createNodeSupabaseClient(publicUrl, key, app);

  return {
    app,
    ctx,
    fetch: inProcessFetch,
    workers,
    client,
    anonClient: () => client(ctx.keys.anonKey),
    serviceClient: () => client(ctx.keys.serviceRoleKey),
    async close() {
      await settleAfterResponse();
      await workers?.stop();
      await db.close();
    },
  };
}
