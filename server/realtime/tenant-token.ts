import type { IncomingMessage } from 'node:http';
import { mapApiKey } from '../gateway/resolve-bearer.ts';
import { verifyJwt, type JwtClaims } from '../gateway/jwt.ts';
import type { ApiKeys } from '../gateway/keys.ts';

export type TokenCheck =
  | { ok: true; claims: JwtClaims }
  /** `code` is the prefix hosted Realtime puts on join errors (InvalidJWTToken, MalformedJWT). */
  | { ok: false; code: 'InvalidJWTToken' | 'MalformedJWT'; message: string };

/**
 * Verifies a token the way Realtime does for the socket and for `access_token` pushes:
 * a valid HS256 JWT that carries `role` and `exp` (§5.1).
 */
export async function checkToken(token: string, keys: ApiKeys): Promise<TokenCheck> {
  const result = await verifyJwt(token, keys.jwtSecret);
  if (!result.ok) {
    if (result.reason === 'expired') {
      const exp = readExp(token);
      const ago = exp === null ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
    }
    return { ok: false, code: 'MalformedJWT', message: `Invalid token: ${result.message}` };
  }
  const { claims } = result;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  return { ok: true, claims };
}

function readExp(token: string): number | null {
  try {
    const body: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (typeof body === 'object' && body !== null && 'exp' in body && typeof body.exp === 'number') return body.exp;
  } catch {
    // Not decodable: the caller already knows the token is bad.
  }
  return null;
}

export type TenantAuth = { ok: true; claims: JwtClaims; apiKey: string } | { ok: false; status: number; error: string };

/** The upgrade check: apikey query param (what realtime-js sends) or apikey / x-api-key header. */
export async function authenticateUpgrade(req: IncomingMessage, url: URL, keys: ApiKeys): Promise<TenantAuth> {
  const header = (name: string): string | null => {
    const value = req.headers[name];
    return typeof value === 'string' && value ? value : null;
  };
  const apiKey = url.searchParams.get('apikey') || header('apikey') || header('x-api-key');
  if (!apiKey) return { ok: false, status: 401, error: 'API key is missing' };
  const token = mapApiKey(apiKey, keys);
  if (!token) return { ok: false, status: 401, error: 'API key is missing' };
  const check = await checkToken(token, keys);
  if (!check.ok) {
    const error = check.message.startsWith('Token has expired') ? 'Token has expired' : check.message;
    return { ok: false, status: 401, error };
  }
  return { ok: true, claims: check.claims, apiKey };
}
