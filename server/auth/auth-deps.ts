import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimitConfig } from '../config/project-config.ts';
import type { ServerContext } from '../context.ts';
import { clientAddress } from '../gateway/client-address.ts';
import { jsonNestsDeeperThan } from '../lib/json-depth.ts';
import { AuthHttpError } from './http-errors.ts';
import type { RateLimiter, TokenBucketSpec } from './rate-limiter.ts';
import type { Json } from './user-store.ts';

/** What every auth route needs: the server context, the shared limiter and the bcrypt cost. */
export interface AuthDeps {
  ctx: ServerContext;
  limiter: RateLimiter;
  bcryptCost: number;
  /** The header a trusted proxy puts the client's address in; unset: the socket's address. */
  rateLimitHeader?: string;
  /** Per-IP request limits on (the default) or off, as in the Supabase CLI's stack (`LUMEN_RATE_LIMITS=off`). */
  perIpLimits: boolean;
  /** Hosted Auth's "Require current password when updating" (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD). */
  requireCurrentPassword: boolean;
  /** Hosted Auth's leaked password protection (GOTRUE_PASSWORD_HIBP_ENABLED), against an offline list here. */
  leakedPasswordProtection: boolean;
}

/** Body as a JSON object; 400 bad_json otherwise (GoTrue's message). Empty body = {}. */
export async function readJsonBody(c: Context): Promise<Json> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  // Parsing would succeed, but storing the value recurses once per level and overflowed into a 500.
  if (jsonNestsDeeperThan(text)) throw new AuthHttpError(400, 'bad_json', 'Could not parse request body as JSON: exceeded max depth');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthHttpError(400, 'bad_json', `Could not parse request body as JSON: ${error instanceof Error ? error.message : 'invalid JSON'}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthHttpError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Json;
}

export function optionalString(body: Json, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AuthHttpError(400, 'bad_json', `Could not parse request body as JSON: "${key}" must be a string`);
  return value;
}

export function optionalObject(body: Json, key: string): Json | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthHttpError(400, 'bad_json', `Could not parse request body as JSON: "${key}" must be an object`);
  }
  return value as Json;
}

/**
 * GoTrue's per-IP limiters (supabase/auth internal/api/apilimiter): each endpoint has its own
 * bucket per client address. `[auth.rate_limit]` sets the refill rate; the burst is 30 whatever
 * the setting, except anonymous sign-ins (refilled per hour, burst = the setting).
 */
export type RequestLimit = 'signups' | 'recover' | 'resend' | 'user_update' | 'token' | 'verify' | 'anonymous_sign_ins';

const FIVE_MINUTES_S = 5 * 60;
const ONE_HOUR_MS = 60 * 60_000;
const GOTRUE_BURST = 30;

export function requestLimitSpec(name: RequestLimit, limits: RateLimitConfig): TokenBucketSpec {
  switch (name) {
    case 'anonymous_sign_ins':
      return { perSecond: limits.anonymous_users / 3600, burst: limits.anonymous_users, ttlMs: ONE_HOUR_MS };
    case 'token':
      return { perSecond: limits.token_refresh / FIVE_MINUTES_S, burst: GOTRUE_BURST, ttlMs: ONE_HOUR_MS };
    case 'verify':
      return { perSecond: limits.token_verifications / FIVE_MINUTES_S, burst: GOTRUE_BURST, ttlMs: ONE_HOUR_MS };
    default:
      // Sign-ups, /recover, /resend and PUT /user: one setting (GOTRUE_RATE_LIMIT_OTP), separate buckets.
      return { perSecond: limits.sign_in_sign_ups / FIVE_MINUTES_S, burst: GOTRUE_BURST, ttlMs: ONE_HOUR_MS };
  }
}

/** 429 over_request_rate_limit when this client used up the endpoint's bucket. */
export function takeRequestQuota(deps: AuthDeps, c: Context, name: RequestLimit): void {
  if (!deps.perIpLimits) return;
  if (!deps.limiter.take(name, clientAddress(c, deps.rateLimitHeader), requestLimitSpec(name, deps.ctx.config.auth.rate_limit))) {
    throw new AuthHttpError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

/** The same as route middleware, for endpoints GoTrue limits before reading the request. */
export function requestLimit(deps: AuthDeps, name: RequestLimit): MiddlewareHandler {
  return async (c, next) => {
    takeRequestQuota(deps, c, name);
    await next();
  };
}

const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: lowercased, trimmed, max 255, RFC-ish format. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw new AuthHttpError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

export function userAgent(c: Context): string | null {
  return c.req.header('user-agent') ?? null;
}

/**
 * Mailed-link flows only support the implicit flow (Lumen's client uses it). A PKCE client would
 * wait for a `?code=` that never comes, so say so instead of silently differing from hosted.
 */
export function rejectPkce(body: Json): void {
  if (typeof body.code_challenge === 'string' && body.code_challenge !== '') {
    throw new AuthHttpError(
      400,
      'validation_failed',
      "PKCE flow is not supported by the local auth server for emailed links; use the client's default flowType 'implicit'",
    );
  }
}
