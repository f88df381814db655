import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PG_FUNCTION_HOOK, type AuthConfig } from '../config/project-config.ts';
import type { JwtClaims } from '../gateway/jwt.ts';
import { qualified } from '../db/sql-identifier.ts';
import { postgresError } from '../db/postgres-error.ts';
import { AuthHttpError } from './http-errors.ts';
import type { Queryable } from './user-store.ts';

/** How the session being issued a token was authenticated, as GoTrue names it for hooks. */
export type AuthenticationMethod = 'password' | 'token_refresh' | 'otp' | 'anonymous';

export interface AccessTokenHook {
  uri: string;
  schema: string;
  name: string;
}

/** The hook `[auth.hook.custom_access_token]` enables (config.toml's check has vetted its URI), or null. */
export function accessTokenHookOf(config: AuthConfig): AccessTokenHook | null {
  const { enabled, uri } = config.hook.custom_access_token;
  const match = PG_FUNCTION_HOOK.exec(uri);
  return enabled && match ? { uri, schema: match[1], name: match[2] } : null;
}

/** GoTrue's output schema check: these claims must be there, exp and iat integers (internal/hooks). */
const REQUIRED = z.object({
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number().int(),
  iat: z.number().int(),
  sub: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  aal: z.string(),
  session_id: z.string(),
  is_anonymous: z.boolean(),
});

const OUTPUT = z.object({
  claims: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ http_code: z.number().int().optional(), message: z.string().optional() }).optional(),
});

const unexpected = (message: string) => new AuthHttpError(500, 'unexpected_failure', message);

/**
 * Runs the custom access token hook as hosted Auth does: inside the token-issuing transaction, as
 * supabase_auth_admin with a 2 s statement timeout, given `{metadata, user_id, claims,
 * authentication_method}`; the claims it returns replace the originals. Its `{error}` answer, a
 * failing function or claims missing what GoTrue requires become the errors GoTrue reports, and
 * the thrown error rolls the transaction back (no session, no rotated refresh token).
 */
export async function runAccessTokenHook(
  tx: Queryable,
  hook: AccessTokenHook,
  input: { userId: string; claims: JwtClaims; method: AuthenticationMethod },
): Promise<JwtClaims> {
  const event = {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'customize-access-token' },
    user_id: input.userId,
    claims: input.claims,
    authentication_method: input.method,
  };
  let output: unknown;
  try {
    await tx.query(`select set_config('role', 'supabase_auth_admin', true), set_config('statement_timeout', '2000', true)`);
    const { rows } = await tx.query<{ output: unknown }>(`select ${qualified(hook.schema, hook.name)}($1::jsonb) as output`, [JSON.stringify(event)]);
    output = rows[0]?.output ?? null;
    await tx.query(`select set_config('role', 'none', true), set_config('statement_timeout', '0', true)`);
  } catch (error) {
    const cause = postgresError(error);
    console.error(`[auth] custom access token hook ${hook.uri} failed:`, cause?.message ?? error);
    throw unexpected(`Error running hook URI: ${hook.uri}`);
  }
  const parsed = OUTPUT.safeParse(output);
  if (!parsed.success) throw unexpected('Error unmarshaling JSON output.');
  const { error, claims } = parsed.data;
  if (error?.message) {
    const status = error.http_code && error.http_code > 0 ? error.http_code : 500;
    throw new AuthHttpError(status, status === 500 ? 'unexpected_failure' : 'unknown', error.message);
  }
  if (!claims) throw unexpected('output claims field is missing');
  const check = REQUIRED.safeParse(claims);
  if (!check.success) {
    throw unexpected(`output claims do not conform to the expected schema: ${check.error.issues.map((issue) => issue.path.join('.') || issue.message).join(', ')}`);
  }
  return claims as JwtClaims;
}
