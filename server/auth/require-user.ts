import type { ServerContext } from '../context.ts';
import { verifyJwt, type JwtClaims } from '../gateway/jwt.ts';
import { resolveBearer } from '../gateway/resolve-bearer.ts';
import { AuthHttpError, forbidden } from './http-errors.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, type UserRow } from './user-store.ts';

export interface AuthenticatedUser {
  user: UserRow;
  claims: JwtClaims;
  sessionId: string | null;
  token: string;
}

export interface HeaderGetter {
  header(name: string): string | undefined;
}

/** The bearer after the gateway's key mapping; 401 no_authorization when there is none. */
export async function requireClaims(ctx: ServerContext, req: HeaderGetter): Promise<{ claims: JwtClaims; token: string }> {
  const token = resolveBearer(req.header('authorization'), req.header('apikey'), ctx.keys);
  if (!token) throw new AuthHttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const result = await verifyJwt(token, ctx.keys.jwtSecret);
  if (!result.ok) {
    const detail = result.reason === 'expired' ? 'token has invalid claims: token is expired' : result.message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  return { claims: result.claims, token };
}

/**
 * GoTrue's requireAuthentication + user/session load: the JWT must verify, its `sub` must be
 * a user and its `session_id` (when present) a live session — a signed-out token is refused.
 */
export async function requireUser(ctx: ServerContext, req: HeaderGetter): Promise<AuthenticatedUser> {
  const { claims, token } = await requireClaims(ctx, req);
  if (typeof claims.sub !== 'string' || claims.sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  if (sessionId && !(await sessionExists(ctx.db, sessionId))) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims, sessionId, token };
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** Admin endpoints: a verified JWT whose role is service_role (secret key maps to it). */
export async function requireAdmin(ctx: ServerContext, req: HeaderGetter): Promise<JwtClaims> {
  const { claims } = await requireClaims(ctx, req);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
