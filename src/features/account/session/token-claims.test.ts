import { describe, expect, it } from 'vitest';
import { readTokenClaims, roleFromAccessToken } from './token-claims.ts';

/** A JWT's shape: base64url of the UTF-8 JSON (btoa alone takes Latin-1 only). */
const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => ['e30', base64Url(JSON.stringify(claims)), 'signature'].join('.');

describe('roleFromAccessToken', () => {
  it('reads the staff claim the access token hook adds', () => {
    expect(roleFromAccessToken(token({ sub: 'u', user_role: 'staff', email: 'ü@x.test' }))).toBe('staff');
  });

  it('treats customers, unknown roles and unreadable tokens as no role', () => {
    expect(roleFromAccessToken(token({ sub: 'u', user_role: null }))).toBeNull();
    expect(roleFromAccessToken(token({ sub: 'u' }))).toBeNull();
    expect(roleFromAccessToken(token({ sub: 'u', user_role: 'admin' }))).toBeNull();
    expect(roleFromAccessToken('not-a-token')).toBeNull();
    expect(roleFromAccessToken('a.%%%.c')).toBeNull();
  });
});

describe('readTokenClaims', () => {
  it('reads the claims as UTF-8, and nothing from a token that is not one', () => {
    expect(readTokenClaims(token({ email: 'ü@x.test', amr: [{ method: 'recovery' }] }))).toEqual({ email: 'ü@x.test', amr: [{ method: 'recovery' }] });
    expect(readTokenClaims(token([1, 2]))).toBeNull();
    expect(readTokenClaims('not-a-token')).toBeNull();
  });
});
