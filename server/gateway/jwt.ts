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

/** Verifies an HS256 JWT signed with the project secret. Never throws. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    const message = error instanceof Error ? error.message : 'invalid JWT';
    return { ok: false, reason: 'invalid', message };
  }
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretBytes(secret));
}
