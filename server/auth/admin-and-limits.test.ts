import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { signedInClient, uniqueEmail } from './testing/auth-fixtures.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe('admin API (service role)', () => {
  it('creates, lists, updates and deletes users', async () => {
    const admin = backend.serviceClient().auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({ email, password: 'long-enough-1', email_confirm: true, user_metadata: { display_name: 'Made' } });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email, user_metadata: { display_name: 'Made' } });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const id = created.data.user?.id ?? '';

    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((user) => user.id)).toContain(id);

    const updated = await admin.updateUserById(id, { app_metadata: { staff: true } });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', staff: true });

    expect((await backend.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' })).error).toBeNull();
    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    const { rows } = await backend.ctx.db.query('select 1 from public.fixture_profiles where id = $1', [id]);
    expect(rows).toEqual([]);
  });

  it('deleting a user revokes their sessions', async () => {
    const { client, userId } = await signedInClient(backend);
    await backend.serviceClient().auth.admin.deleteUser(userId);
    const { error } = await client.auth.getUser();
    expect(error).toMatchObject({ status: 403 });
  });

  it('accepts the sb_secret key like the CLI gateway', async () => {
    const { error } = await backend.client(backend.ctx.keys.secretKey).auth.admin.listUsers();
    expect(error).toBeNull();
  });

  it('refuses anon and user tokens with not_admin', async () => {
    const asAnon = await backend.anonClient().auth.admin.listUsers();
    expect(asAnon.error).toBeInstanceOf(AuthApiError);
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const { client } = await signedInClient(backend);
    const { data } = await client.auth.getSession();
    const response = await backend.fetch('http://localhost:54321/auth/v1/admin/users', {
      headers: { apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${data.session?.access_token}` },
    });
    expect(response.status).toBe(403);
  });
});

describe('admin API input bounds (issue 16: a 4xx, never a 5xx)', () => {
  const admin = (path: string, init: RequestInit = {}) =>
    backend.fetch(`http://localhost:54321/auth/v1/admin${path}`, {
      ...init,
      headers: { apikey: backend.ctx.keys.serviceRoleKey, authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}`, 'content-type': 'application/json' },
    });

  it('refuses a page past any offset Postgres can hold', async () => {
    const response = await admin('/users?page=99999999999999999999&per_page=1000');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'validation_failed', message: 'Bad Pagination Parameters: page is out of range' });
  });

  it('refuses a ban longer than a date can hold, and metadata Postgres cannot store', async () => {
    const created = await backend.serviceClient().auth.admin.createUser({ email: uniqueEmail('bounds'), password: 'long-enough-1' });
    const id = created.data.user?.id ?? '';
    const ban = await admin(`/users/${id}`, { method: 'PUT', body: '{"ban_duration":"99999999999999999999h"}' });
    expect(ban.status).toBe(400);
    expect(await ban.json()).toEqual({ code: 'validation_failed', message: 'invalid format for ban duration' });
    // JSON allows \u0000 in a string; jsonb does not (22P05).
    const metadata = await admin(`/users/${id}`, { method: 'PUT', body: String.raw`{"user_metadata":{"note":"a\u0000b"}}` });
    expect(metadata.status).toBe(400);
    expect(await metadata.json()).toEqual({ code: 'validation_failed', message: 'Invalid value in the request: unsupported Unicode escape sequence' });
  });
});

describe('settings, health, jwks', () => {
  it('describes the instance from config.toml', async () => {
    const settings = await (await backend.fetch('http://localhost:54321/auth/v1/settings')).json();
    expect(settings).toMatchObject({ external: { email: true, anonymous_users: true, phone: false }, disable_signup: false, mailer_autoconfirm: true });
    expect(await (await backend.fetch('http://localhost:54321/auth/v1/.well-known/jwks.json')).json()).toEqual({ keys: [] });
    expect((await backend.fetch('http://localhost:54321/auth/v1/health')).status).toBe(200);
  });

  it('names unsupported endpoints with a 404 instead of pretending', async () => {
    const response = await backend.fetch('http://localhost:54321/auth/v1/otp', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain('not supported');
  });
});

describe('rate limits', () => {
  // Per-IP request limits: rate-limit.test.ts and rate-limiter.test.ts.
  it('answers 429 over_email_send_rate_limit past email_sent (counted, as in GoTrue, when confirmations are on)', async () => {
    const limited = await createTestBackend({ config: { auth: { email: { enable_confirmations: true }, rate_limit: { email_sent: 1 } } } });
    try {
      const email = uniqueEmail();
      await limited.serviceClient().auth.admin.createUser({ email, password: 'long-enough-1', email_confirm: true });
      expect((await limited.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
      // Another address (a repeat for the same one would meet max_frequency first), known or not.
      const { error } = await limited.anonClient().auth.resetPasswordForEmail(uniqueEmail());
      expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    } finally {
      await limited.close();
    }
  });
});
