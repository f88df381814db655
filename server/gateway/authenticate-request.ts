import type { ApiKeys } from './keys.ts';
import { verifyJwt, type JwtClaims } from './jwt.ts';
import { resolveBearer } from './resolve-bearer.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export type Credential =
  | { ok: true; role: string; claims: JwtClaims; token: string | null }
  | {
      ok: false;
      /** missing: no credential at all; expired / invalid: the bearer failed verification. */
      reason: 'missing' | 'expired' | 'invalid';
      message: string;
    };

/** Anything with a header getter: Hono's `c.req`, a `Request`'s headers, a plain map. */
export interface HeaderSource {
  header(name: string): string | undefined;
}

export function headersOf(request: Request): HeaderSource {
  return { header: (name) => request.headers.get(name) ?? undefined };
}

/**
 * The gateway step every service runs first: map the apikey / Authorization pair to a bearer
 * (§1.3) and verify it with the project secret. Returns the role from the JWT (`role` claim,
 * default anon) with the claims and raw token, or a typed failure the service maps to its
 * own error shape. `allowAnonymous` (default true) treats a request without any credential as
 * anon, like the CLI gateway; pass false to get `missing` instead.
 */
export async function authenticateRequest(
  headers: HeaderSource,
  keys: ApiKeys,
  options: { allowAnonymous?: boolean; queryApiKey?: string | null } = {},
): Promise<Credential> {
  const token = resolveBearer(headers.header('authorization'), headers.header('apikey') ?? options.queryApiKey, keys);
  if (!token) {
    if (options.allowAnonymous === false) {
      return { ok: false, reason: 'missing', message: 'No API key or bearer token found in request' };
    }
    return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null };
  }
  const result = await verifyJwt(token, keys.jwtSecret);
  if (!result.ok) return { ok: false, reason: result.reason, message: result.message };
  const role = typeof result.claims.role === 'string' && result.claims.role !== '' ? result.claims.role : 'anon';
  return { ok: true, role, claims: result.claims, token };
}
