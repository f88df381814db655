import { randomInt, randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { signJwt, type JwtClaims } from '../gateway/jwt.ts';
import { accessTokenHookOf, runAccessTokenHook, type AuthenticationMethod } from './access-token-hook.ts';
import { userJson } from './user-json.ts';
import { listIdentities, type Json, type Queryable, type UserRow } from './user-store.ts';

export interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's legacy refresh-token format: 12 lowercase alphanumerics (clients treat it as opaque). */
export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

export async function insertRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<RefreshTokenRow> {
  const { rows } = await db.query<RefreshTokenRow>(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)
     returning id, token, user_id, revoked, updated_at, parent, session_id`,
    [newRefreshToken(), userId, parent, sessionId],
  );
  return rows[0];
}

/** A new session with its first refresh token, recording how the user authenticated (amr). */
export async function createSession(
  db: Queryable,
  userId: string,
  method: string,
  userAgent: string | null,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent)
     values ($1, $2, now(), now(), 'aal1', now() at time zone 'utc', $3)`,
    [sessionId, userId, userAgent],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  const token = await insertRefreshToken(db, userId, sessionId, null);
  return { sessionId, refreshToken: token.token };
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

/** Whether the session was made by a recovery link (GoTrue's Session.IsRecovery). */
export async function isRecoverySession(db: Queryable, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const { rows } = await db.query(`select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
  return rows.length > 0;
}

async function loadAmr(db: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.updated_at.getTime() / 1000) }));
}

/**
 * The access token with exactly GoTrue's claims (supabase-protocol.md §2.6), passed through the
 * project's custom access token hook when config.toml enables one (access-token-hook.ts).
 */
async function signAccessToken(
  ctx: ServerContext,
  db: Queryable,
  user: UserRow,
  sessionId: string,
  method: AuthenticationMethod,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const amr = await loadAmr(db, sessionId);
  const expiresAt = now + ctx.config.auth.jwt_expiry;
  const claims: JwtClaims = {
    iss: `${ctx.publicUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: expiresAt,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const hook = accessTokenHookOf(ctx.config.auth);
  const issued = hook ? await runAccessTokenHook(db, hook, { userId: user.id, claims, method }) : claims;
  return { token: await signJwt(issued, ctx.keys.jwtSecret), expiresAt };
}

/** AccessTokenResponse (supabase-protocol.md §2.4) for an existing session and refresh token. */
export async function sessionResponse(
  ctx: ServerContext,
  db: Queryable,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: AuthenticationMethod,
): Promise<Json> {
  const { token, expiresAt } = await signAccessToken(ctx, db, user, sessionId, method);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.auth.jwt_expiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await listIdentities(db, user.id)),
  };
}
