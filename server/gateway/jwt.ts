import { jwtVerify, SignJWT, errors, type JWTPayload } from 'jose';

export interface JwtClaims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
  is_anonymous?: boolean;
  [claim: string]: unknown;
}

export type VerifyResult =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

const encoder = new TextEncoder();
const secretCache = new Map<string, Uint8Array>();

function secretBytes(secret: string): Uint8Array {
  let bytes = secretCache.get(secret);
  if (!bytes) {
    bytes = encoder.encode(secret);
    secretCache.set(secret, bytes);
  }
  return bytes;
}

/**
 * Tokens whose signature already checked out, keyed by secret and token: a session sends the same
 * access token with every request, and an HMAC check through WebCrypto costs more than the rest of
 * the gateway step. Expiry is still checked on every use; the oldest entry goes first when full.
 */
const VERIFIED_CAPACITY = 2000;
const verified = new Map<string, JwtClaims>();

function cachedClaims(key: string): JwtClaims | undefined {
  const claims = verified.get(key);
  if (!claims) return undefined;
  if (typeof claims.exp === 'number' && claims.exp <= Math.floor(Date.now() / 1000)) {
    verified.delete(key);
    return undefined;
  }
  return claims;
}

function remember(key: string, claims: JwtClaims): void {
  if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value as string);
  verified.set(key, claims);
}

/** Verifies an HS256 JWT signed with the project secret. Never throws. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  const key = `${secret}\n${token}`;
  const known = cachedClaims(key);
  // A copy, so a caller that adds to the claims never changes what the next request sees.
  if (known) return { ok: true, claims: { ...known } };
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), { algorithms: ['HS256'] });
    remember(key, payload as JwtClaims);
    return { ok: true, claims: { ...(payload as JwtClaims) } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    const message = error instanceof Error ? error.message : 'invalid JWT';
    return { ok: false, reason: 'invalid', message };
  }
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretBytes(secret));
}
