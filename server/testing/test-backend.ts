import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import type { AuthAppOptions } from '../auth/auth-app.ts';
import type { ProjectConfigOverrides } from '../config/project-config.ts';
import type { FunctionsOptions } from '../functions/functions-app.ts';
import { startBackend, type Backend } from '../start-backend.ts';
import { withTestData } from './test-database.ts';

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
  /** A built single-page app to serve at `/` beside the APIs. */
  distDir?: string;
}

/** A backend started by startBackend, as the tests use it (`app`, `ctx`, clients, `fetch`, `workers`). */
export type TestBackend = Backend;

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

/** The options every test backend shares, in startBackend's terms (in memory, nothing listening). */
export function testBackendOptions(options: TestBackendOptions = {}): Parameters<typeof startBackend>[0] {
  return {
    projectDir: options.projectDir ?? FIXTURE_PROJECT_DIR,
    data: { memory: true },
    publicUrl: options.publicUrl,
    config: mergeOverrides(RELAXED_RATE_LIMITS, options.config),
    workers: options.workers ? undefined : [],
    auth: {
      bcryptCost: 4,
      rateLimitHeader: options.rateLimitHeader,
      perIpLimits: options.perIpLimits ?? false,
      limiter: options.limiter,
      ...options.passwordSettings,
    },
    functions: options.functions,
    distDir: options.distDir,
  };
}

/**
 * A whole backend in-process (startBackend with an in-memory database and no port): the project's
 * migrations and seed, and the app with every mounted service. Clients are the real supabase-js
 * talking to the app in-process — no port is opened.
 *
 * ```ts
 * const backend = await createTestBackend();
 * afterAll(() => backend.close());
 * const { data, error } = await backend.anonClient().auth.signUp({ email, password });
 * ```
 */
export async function createTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  // LUMEN_TEST_DB=postgres: a fresh database on a real PostgreSQL instead (test-database.ts).
  return withTestData((data) => startBackend({ ...testBackendOptions(options), data }));
}
