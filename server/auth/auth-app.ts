import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { isInvalidValue } from '../db/postgres-error.ts';
import type { AuthDeps } from './auth-deps.ts';
import { API_VERSION, AuthHttpError, authErrorResponse } from './http-errors.ts';
import { RateLimiter } from './rate-limiter.ts';
import { registerAdminRoutes } from './routes/admin.ts';
import { registerLogoutRoutes } from './routes/logout.ts';
import { registerRecoverVerifyRoutes } from './routes/recover-verify.ts';
import { registerSettingsRoutes } from './routes/settings.ts';
import { registerSignupRoutes } from './routes/signup.ts';
import { registerTokenRoutes } from './routes/token.ts';
import { registerUserRoutes } from './routes/user.ts';

export interface AuthAppOptions {
  /** bcrypt cost; GoTrue uses 10. Tests lower it: hashing dominates their run time otherwise. */
  bcryptCost?: number;
  /** Inject a limiter (e.g. with a fake clock); default: a fresh one per app. */
  limiter?: RateLimiter;
  /**
   * The header a trusted proxy in front of this server puts the client's address in (like GoTrue's
   * GOTRUE_RATE_LIMIT_HEADER; `LUMEN_RATE_LIMIT_HEADER` for `npm start`). Unset: the socket's address.
   */
  rateLimitHeader?: string;
  /**
   * GoTrue applies its per-IP limits only when it knows the client's address (a trusted header);
   * the Supabase CLI's stack configures none, so there they are off. Here the socket's address is
   * always known and they are on, unless this is false (`LUMEN_RATE_LIMITS=off` for `npm start`).
   */
  perIpLimits?: boolean;
  /**
   * Two settings hosted projects set in the dashboard (config.toml has no key for them, and the CLI
   * rejects unknown keys): a password change must carry the current password (except in a recovery
   * session), and passwords known from breaches are refused (reason "pwned"). Off by default, as in
   * GoTrue; `npm start` turns both on (scripts/start.ts).
   */
  requireCurrentPassword?: boolean;
  leakedPasswordProtection?: boolean;
}

/** GoTrue-compatible `/auth/v1` (mount it at that prefix). */
export function createAuthApp(ctx: ServerContext, options: AuthAppOptions = {}): Hono {
  const deps: AuthDeps = {
    ctx,
    limiter: options.limiter ?? new RateLimiter(),
    bcryptCost: options.bcryptCost ?? 10,
    rateLimitHeader: options.rateLimitHeader,
    perIpLimits: options.perIpLimits ?? true,
    requireCurrentPassword: options.requireCurrentPassword ?? false,
    leakedPasswordProtection: options.leakedPasswordProtection ?? false,
  };
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Supabase-Api-Version', API_VERSION);
  });

  registerSignupRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerLogoutRoutes(app, deps);
  registerRecoverVerifyRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerSettingsRoutes(app, deps);

  // A catch-all route (not notFound: a mounted sub-app's notFound is never consulted by the parent).
  app.all('*', (c) =>
    authErrorResponse(
      new AuthHttpError(404, 'not_found', `${c.req.method} ${c.req.path} is not supported by the local auth server (Lumen uses email, password and anonymous sign-in only)`),
    ),
  );

  app.onError((error) => {
    if (error instanceof AuthHttpError) return authErrorResponse(error);
    // Class 22 is Postgres refusing a value the request supplied (a NUL in a link's token, \u0000 or
    // a lone surrogate in user metadata): the client's fault, so a 400 rather than a 500 (issue 16).
    if (isInvalidValue(error)) return authErrorResponse(new AuthHttpError(400, 'validation_failed', `Invalid value in the request: ${error.message}`));
    console.error('auth: unexpected error', error);
    const message = /auth\.users|trigger|violates/i.test(error.message)
      ? 'Database error saving new user'
      : 'Unexpected failure, please check server logs for more information';
    return authErrorResponse(new AuthHttpError(500, 'unexpected_failure', message));
  });

  return app;
}
