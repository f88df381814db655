import type { Context, Hono } from 'hono';
import { normalizeEmail, optionalString, readJsonBody, takeRequestQuota, userAgent, type AuthDeps } from '../auth-deps.ts';
import { badRequest, oauthErrorResponse, validationFailed } from '../http-errors.ts';
import { passwordMatches } from '../passwords.ts';
import { checkPasswordStrength } from '../password-policy.ts';
import { createSession, insertRefreshToken, sessionResponse, type RefreshTokenRow } from '../sessions.ts';
import { findUserByEmail, findUserById, isBanned, type Json } from '../user-store.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

function emailOrNull(raw: string): string | null {
  try {
    return normalizeEmail(raw);
  } catch {
    return null;
  }
}

async function passwordGrant(deps: AuthDeps, c: Context): Promise<Json> {
  const { ctx } = deps;
  const body = await readJsonBody(c);
  const rawEmail = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  const password = optionalString(body, 'password') ?? '';
  if (!rawEmail && !phone) throw validationFailed('missing email or phone');
  // Phone sign-in has no accounts here, and a malformed address has none either; they are refused
  // like an unknown address, after the same comparison (passwordMatches), so every refusal costs alike.
  const email = rawEmail ? emailOrNull(rawEmail) : null;
  const user = email ? await findUserByEmail(ctx.db, email) : null;
  const hash = user && !user.deleted_at ? user.encrypted_password : null;
  if (!(await passwordMatches(password, hash, deps.bcryptCost)) || !user) throw invalidCredentials();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const session = await ctx.db.transaction(async (tx) => {
    await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [user.id]);
    await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
    const created = await createSession(tx, user.id, 'password', userAgent(c));
    const fresh = await findUserById(tx, user.id);
    if (!fresh) throw invalidCredentials();
    return sessionResponse(ctx, tx, fresh, created.sessionId, created.refreshToken, 'password');
  });
  // A password that no longer meets the policy still signs in, flagged for the app (data.weakPassword).
  const strength = checkPasswordStrength(password, ctx.config.auth, { leaked: deps.leakedPasswordProtection });
  if (!strength.ok) session.weak_password = { message: strength.message, reasons: strength.reasons };
  return session;
}

/**
 * GoTrue's RefreshTokenGrant: rotate on every use; a revoked token reused within
 * refresh_token_reuse_interval gets the session's currently active token back (a client that
 * lost the response may retry), later reuse revokes the whole session family, and a token revoked
 * with its family never refreshes again.
 */
async function refreshGrant(deps: AuthDeps, c: Context): Promise<Json | Response> {
  const { ctx } = deps;
  const body = await readJsonBody(c);
  const refreshToken = optionalString(body, 'refresh_token');
  if (!refreshToken) return oauthErrorResponse(400, 'invalid_request', 'refresh_token required');
  if (refreshToken.length < 12) throw validationFailed('Refresh token is not valid');
  const auth = ctx.config.auth;

  const outcome = await ctx.db.transaction(async (tx) => {
    // Locked, as GoTrue reads it: two refreshes of one token at once (a client retrying, two tabs)
    // on a server with many connections would both find it unrevoked and both rotate it, leaving
    // two live tokens; locked, the second waits and takes the reuse path below.
    const { rows } = await tx.query<RefreshTokenRow>(
      `select id, token, user_id, revoked, updated_at, parent, session_id from auth.refresh_tokens where token = $1 for update`,
      [refreshToken],
    );
    const token = rows[0];
    if (!token) return { error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    const session = token.session_id
      ? (await tx.query<{ id: string; not_after: Date | null }>('select id, not_after from auth.sessions where id = $1', [token.session_id])).rows[0]
      : undefined;
    if (!session) return { error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      return { error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') };
    }
    const user = await findUserById(tx, token.user_id);
    if (!user) return { error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    if (isBanned(user)) return { error: badRequest('user_banned', 'User is banned') };

    let issued: string | null = null;
    if (token.revoked) {
      const reuseUntil = token.updated_at.getTime() + auth.refresh_token_reuse_interval * 1000;
      // The reuse window is for a client that lost the answer to its refresh, so only a token that
      // was rotated (has a child) may use it. A token revoked with its family a moment ago has none:
      // without this check the thief's victim (or the thief) could refresh it within the window and
      // carry the revoked session on.
      const rotated = (await tx.query('select 1 from auth.refresh_tokens where parent = $1 limit 1', [token.token])).rows.length > 0;
      if (!rotated || Date.now() >= reuseUntil) {
        if (auth.enable_refresh_token_rotation) {
          // Possible token theft: nothing in this session family may be refreshed again.
          await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [session.id]);
        }
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      const active = await tx.query<{ token: string }>(
        'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [session.id],
      );
      issued = active.rows[0]?.token ?? null;
    }
    if (!issued) {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
      issued = (await insertRefreshToken(tx, user.id, session.id, token.token)).token;
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = coalesce($2, user_agent) where id = $1`,
      [session.id, userAgent(c)],
    );
    return { session: await sessionResponse(ctx, tx, user, session.id, issued, 'token_refresh') };
  });
  // Errors that must keep their side effects (family revocation) are returned, not thrown, so the transaction commits.
  if ('error' in outcome && outcome.error) throw outcome.error;
  return outcome.session as Json;
}

export function registerTokenRoutes(app: Hono, deps: AuthDeps): void {
  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    // GoTrue counts every grant it supports, password sign-ins included, against token_refresh.
    if (grantType === 'password' || grantType === 'refresh_token') takeRequestQuota(deps, c, 'token');
    if (grantType === 'password') return c.json(await passwordGrant(deps, c));
    if (grantType === 'refresh_token') {
      const result = await refreshGrant(deps, c);
      return result instanceof Response ? result : c.json(result);
    }
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });
}
