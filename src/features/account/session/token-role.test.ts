import { describe, expect, it } from 'vitest';
import { roleFromAccessToken } from './token-role.ts';

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
