import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { uniqueEmail } from './testing/auth-fixtures.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe('sign-up (autoconfirm, the CLI default)', () => {
  it('returns a session whose access token carries GoTrue claims, and runs auth.users triggers', async () => {
    const email = uniqueEmail();
    const { data, error } = await backend.anonClient().auth.signUp({ email, password: 'long-enough-1', options: { data: { display_name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', is_anonymous: false });
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Ada', email_verified: true });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id, id: data.user?.id });
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(Object.keys(claims).sort()).toEqual(
      ['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role', 'session_id', 'sub', 'user_metadata'].sort(),
    );
    expect(claims).toMatchObject({ iss: 'http://localhost:54321/auth/v1', sub: data.user?.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1', email, phone: '', is_anonymous: false });
    expect(claims.exp).toBe((claims.iat ?? 0) + 3600);
    expect((claims.amr as { method: string }[])[0].method).toBe('password');
    const profile = await backend.ctx.db.query('select display_name from public.fixture_profiles where id = $1', [data.user?.id]);
    expect(profile.rows).toEqual([{ display_name: 'Ada' }]);
  });

  it('refuses an existing email with user_already_exists', async () => {
    const email = uniqueEmail();
    await backend.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    const { data, error } = await backend.anonClient().auth.signUp({ email: email.toUpperCase(), password: 'long-enough-2' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    expect(data.session).toBeNull();
  });

  it('reports a weak password with its reasons', async () => {
    const { error } = await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.' });
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('validates email format and password presence', async () => {
    const bad = await backend.anonClient().auth.signUp({ email: 'not-an-email', password: 'long-enough-1' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const noPassword = await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: '' });
    expect(noPassword.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Signup requires a valid password' });
    const tooLong = await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) });
    expect(tooLong.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('stores a bcrypt hash, never the password', async () => {
    const email = uniqueEmail();
    await backend.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    const { rows } = await backend.ctx.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [email]);
    expect(rows[0].encrypted_password).toMatch(/^\$2[aby]\$/);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and echoes the API version header', async () => {
    const email = uniqueEmail();
    await backend.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    const { data, error } = await backend.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.weakPassword ?? null).toBeNull();
  });

  it('answers invalid_credentials for a wrong password and for an unknown email', async () => {
    const email = uniqueEmail();
    await backend.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    for (const attempt of [{ email, password: 'wrong-password' }, { email: uniqueEmail(), password: 'long-enough-1' }]) {
      const { data, error } = await backend.anonClient().auth.signInWithPassword(attempt);
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      expect(data.session).toBeNull();
    }
  });

  it('sends GoTrue error bodies with the version and error-code headers', async () => {
    const response = await backend.fetch('http://localhost:54321/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('rejects a body that is not JSON with bad_json (never 5xx)', async () => {
    const response = await backend.fetch('http://localhost:54321/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });

  it('rejects user data nested 100,000 levels deep with bad_json, not a stack overflow (issue 16)', async () => {
    const depth = 100_000;
    const body = `{"email":"${uniqueEmail()}","password":"long-enough-1","data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const response = await backend.fetch('http://localhost:54321/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-sb-error-code')).toBe('bad_json');
    expect(await response.json()).toEqual({ code: 'bad_json', message: 'Could not parse request body as JSON: exceeded max depth' });
    // Brackets inside strings are text, not nesting.
    const { error } = await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: 'long-enough-1', options: { data: { note: '['.repeat(depth) } } });
    expect(error).toBeNull();
  });

  it('rejects an unknown grant type', async () => {
    const response = await backend.fetch('http://localhost:54321/auth/v1/token?grant_type=magic', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});
