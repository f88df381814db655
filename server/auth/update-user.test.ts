import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { signedInClient, uniqueEmail } from './testing/auth-fixtures.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe('PUT /user', () => {
  it('merges data into user_metadata and deletes keys set to null', async () => {
    const { client } = await signedInClient(backend);
    await client.auth.updateUser({ data: { theme: 'dark', nickname: 'ada' } });
    const { data, error } = await client.auth.updateUser({ data: { nickname: null, plan: 'pro' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark', plan: 'pro', email_verified: true });
    expect(data.user?.user_metadata).not.toHaveProperty('nickname');
  });

  it('changes the password: the old one stops working, the new one signs in', async () => {
    const { client, email, password } = await signedInClient(backend);
    expect((await client.auth.updateUser({ password: 'brand-new-pass-2' })).error).toBeNull();
    expect((await backend.anonClient().auth.signInWithPassword({ email, password })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await backend.anonClient().auth.signInWithPassword({ email, password: 'brand-new-pass-2' })).error).toBeNull();
  });

  it('refuses the same password and a weak one', async () => {
    const { client, password } = await signedInClient(backend);
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
  });

  it('refuses app_metadata from a user', async () => {
    const { client } = await signedInClient(backend);
    const { error: fetchError } = await client.auth.getSession();
    expect(fetchError).toBeNull();
    const { data } = await client.auth.getSession();
    const response = await backend.fetch('http://localhost:54321/auth/v1/user', {
      method: 'PUT',
      headers: { apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${data.session?.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'not_admin' });
  });

  it('email change mails both addresses (double confirm) and applies after both links', async () => {
    const { client, email } = await signedInClient(backend);
    const newEmail = uniqueEmail('changed');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    const [toNew] = await backend.ctx.mail.list({ to: newEmail });
    const [toCurrent] = await backend.ctx.mail.list({ to: email });
    expect(toNew.subject).toBe('Confirm Email Change');
    const first = await backend.fetch(toNew.links[0]);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toContain('message=');
    const second = await backend.fetch(toCurrent.links[0]);
    expect(second.headers.get('location')).toContain('access_token=');
    const { data: after } = await client.auth.getUser();
    expect(after.user?.email).toBe(newEmail);
  });

  it('refuses an email that belongs to someone else', async () => {
    const { email: taken } = await signedInClient(backend);
    const { client } = await signedInClient(backend);
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('anonymous users', () => {
  it('signs in anonymously with an anonymous JWT and no identities', async () => {
    const client = backend.anonClient();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { guest: true } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', phone: '', app_metadata: {}, identities: [] });
    expect(data.user?.user_metadata).toEqual({ guest: true });
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated' });
    expect((claims.amr as { method: string }[])[0].method).toBe('anonymous');
  });

  it('refuses a password before an email', async () => {
    const client = backend.anonClient();
    await client.auth.signInAnonymously();
    const { error } = await client.auth.updateUser({ password: 'long-enough-1' });
    expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
  });

  it('upgrades by email (autoconfirm), keeps the id, then sets a password and signs in', async () => {
    const client = backend.anonClient();
    const { data: anon } = await client.auth.signInAnonymously();
    const email = uniqueEmail('upgraded');
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: anon.user?.id, email, is_anonymous: false });
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    expect((await client.auth.updateUser({ password: 'long-enough-1' })).error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').is_anonymous).toBe(false);
    const signIn = await backend.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' });
    expect(signIn.data.user?.id).toBe(anon.user?.id);
  });

  it('is refused when anonymous sign-ins are disabled', async () => {
    const closed = await createTestBackend({ config: { auth: { enable_anonymous_sign_ins: false } } });
    try {
      const { error } = await closed.anonClient().auth.signInAnonymously();
      expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    } finally {
      await closed.close();
    }
  });
});
