import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../gateway/jwt.ts';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { signedInClient, uniqueEmail } from './testing/auth-fixtures.ts';

let backend: TestBackend;
let strict: TestBackend;
beforeAll(async () => {
  [backend, strict] = await Promise.all([
    // A long reuse window so "within the interval" never depends on how fast the machine is.
    createTestBackend({ config: { auth: { refresh_token_reuse_interval: 3600 } } }),
    // No reuse window: any reuse of a rotated token counts as "after the interval".
    createTestBackend({ config: { auth: { refresh_token_reuse_interval: 0 } } }),
  ]);
});
afterAll(async () => {
  await backend.close();
  await strict.close();
});

async function signIn(target: TestBackend) {
  const { client, email, password } = await signedInClient(target);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

describe('refresh-token rotation', () => {
  it('issues a new refresh token and access token for the same session', async () => {
    const { client, session } = await signIn(backend);
    const { data, error } = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(decodeJwt(session.access_token).session_id);
  });

  it('within the reuse interval, a rotated token returns the currently active token', async () => {
    const { session } = await signIn(backend);
    const first = await backend.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    const again = await backend.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });

  it('after the interval, reuse fails with refresh_token_already_used and revokes the session family', async () => {
    const { session } = await signIn(strict);
    const first = await strict.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const reuse = await strict.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toBeInstanceOf(AuthApiError);
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // The legitimate holder's newer token is revoked with the family.
    const victim = await strict.anonClient().auth.refreshSession({ refresh_token: first.data.session?.refresh_token ?? '' });
    expect(victim.error).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('after reuse is detected, no token of the family refreshes, even within the reuse window', async () => {
    // The probe's sequence with the default window: A → B, A reused once its window has passed (made
    // old here rather than waited for), then B — revoked with the family only a moment ago.
    const { session } = await signIn(backend);
    const first = await backend.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    const newer = first.data.session?.refresh_token ?? '';
    expect(newer).not.toBe('');
    await backend.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '2 hours' where token = $1`, [session.refresh_token]);
    const reuse = await backend.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const victim = await backend.anonClient().auth.refreshSession({ refresh_token: newer });
    expect(victim.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const stolenAgain = await backend.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(stolenAgain.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });

  it('rejects unknown and malformed refresh tokens', async () => {
    const unknown = await backend.anonClient().auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const malformed = await backend.anonClient().auth.refreshSession({ refresh_token: 'short' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Refresh token is not valid' });
  });
});

describe('GET /user and bearer verification', () => {
  it('returns the user for a valid access token', async () => {
    const { client, email } = await signedInClient(backend);
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('refuses a forged JWT (wrong secret) with bad_jwt', async () => {
    const { session } = await signIn(backend);
    const forged = await signJwt({ ...decodeJwt(session.access_token) }, 'not-the-project-secret-but-long-enough-to-sign');
    const { error } = await backend.anonClient().auth.getUser(forged);
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('refuses an expired JWT with bad_jwt naming the expiry', async () => {
    const { session } = await signIn(backend);
    const claims = decodeJwt(session.access_token);
    const expired = await signJwt({ ...claims, iat: 1_000, exp: 2_000 }, backend.ctx.keys.jwtSecret);
    const { error } = await backend.anonClient().auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(error?.message).toContain('token is expired');
  });

  it('answers 401 no_authorization without a bearer and 403 for the anon key (no sub)', async () => {
    const bare = await backend.fetch('http://localhost:54321/auth/v1/user');
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: 'no_authorization' });
    const anon = await backend.fetch('http://localhost:54321/auth/v1/user', { headers: { apikey: backend.ctx.keys.anonKey } });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('refuses a token whose user was deleted', async () => {
    const { client, userId } = await signedInClient(backend);
    await backend.ctx.db.query('delete from auth.users where id = $1', [userId]);
    const { error } = await client.auth.getUser();
    expect(error).toMatchObject({ status: 403, code: 'user_not_found' });
  });
});

describe('sign-out scopes', () => {
  it('local revokes only the current session; its JWT then gets session_not_found', async () => {
    const { client, email, password } = await signedInClient(backend);
    const other = backend.anonClient();
    await other.auth.signInWithPassword({ email, password });
    const { data: before } = await client.auth.getSession();
    const token = before.session?.access_token ?? '';
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const revoked = await backend.anonClient().auth.getUser(token);
    expect(revoked.error).toBeInstanceOf(AuthSessionMissingError);
    expect((await other.auth.getUser()).error).toBeNull();
  });

  it('global revokes every session of the user, including refresh tokens', async () => {
    const { client, email, password } = await signedInClient(backend);
    const other = backend.anonClient();
    const { data: otherSession } = await other.auth.signInWithPassword({ email, password });
    expect((await client.auth.signOut()).error).toBeNull();
    const { error } = await backend.anonClient().auth.getUser(otherSession.session?.access_token);
    expect(error).toBeInstanceOf(AuthSessionMissingError);
    const refresh = await backend.anonClient().auth.refreshSession({ refresh_token: otherSession.session?.refresh_token ?? '' });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('others keeps the current session and revokes the rest', async () => {
    const { client, email, password } = await signedInClient(backend);
    const other = backend.anonClient();
    const { data: otherSession } = await other.auth.signInWithPassword({ email, password });
    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await backend.anonClient().auth.getUser(otherSession.session?.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('rejects an unknown scope', async () => {
    const { session } = await signIn(backend);
    const response = await backend.fetch('http://localhost:54321/auth/v1/logout?scope=everything', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', message: 'Unsupported logout scope "everything"' });
  });
});

it('keeps users apart: an unknown email never signs in', async () => {
  const { error } = await backend.anonClient().auth.signInWithPassword({ email: uniqueEmail(), password: 'whatever-1' });
  expect(error).toMatchObject({ code: 'invalid_credentials' });
});
