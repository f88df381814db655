import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterResponse } from '../lib/after-response.ts';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { signedInClient, uniqueEmail } from './testing/auth-fixtures.ts';

// The two dashboard-only settings Lumen's hosted project turns on, as GoTrue applies them
// (internal/api/user.go, internal/api/password.go).
let backend: TestBackend;
let defaults: TestBackend;
beforeAll(async () => {
  [backend, defaults] = await Promise.all([
    createTestBackend({ passwordSettings: { requireCurrentPassword: true, leakedPasswordProtection: true } }),
    createTestBackend(),
  ]);
});
afterAll(async () => {
  await backend.close();
  await defaults.close();
});

describe('require current password when updating', () => {
  it('refuses a new password without the current one, or with a wrong one, with GoTrue codes and message', async () => {
    const { client } = await signedInClient(backend);
    const missing = await client.auth.updateUser({ password: 'brand-new-pass-2' });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required', message: 'Current password required when setting new password.' });
    const wrong = await client.auth.updateUser({ password: 'brand-new-pass-2', current_password: 'not-my-password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid', message: 'Current password required when setting new password.' });
  });

  it('changes the password with the current one; the new one then signs in', async () => {
    const { client, email, password } = await signedInClient(backend);
    expect((await client.auth.updateUser({ password: 'brand-new-pass-2', current_password: password })).error).toBeNull();
    expect((await backend.anonClient().auth.signInWithPassword({ email, password: 'brand-new-pass-2' })).error).toBeNull();
  });

  it('lets a recovery link set a new password without the old one', async () => {
    const { email } = await signedInClient(backend);
    expect((await backend.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    await settleAfterResponse();
    const [mail] = await backend.ctx.mail.list({ to: email });
    const response = await backend.fetch(mail.links[0], { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(response.headers.get('location') ?? 'http://x').hash.slice(1));
    const client = backend.anonClient();
    await client.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
    expect((await client.auth.updateUser({ password: 'recovered-pass-9' })).error).toBeNull();
  });

  it('metadata-only updates need no password', async () => {
    const { client } = await signedInClient(backend);
    expect((await client.auth.updateUser({ data: { display_name: 'Ada' } })).error).toBeNull();
  });

  it('is off by default, as in GoTrue', async () => {
    const { client } = await signedInClient(defaults);
    expect((await client.auth.updateUser({ password: 'brand-new-pass-2' })).error).toBeNull();
  });
});

describe('leaked password protection', () => {
  it('refuses common passwords at sign-up and on change with reason "pwned", in any letter case', async () => {
    const signUp = await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: 'Password1234' });
    expect(signUp.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(signUp.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['pwned'] });
    expect(signUp.error?.message).toBe('Password is known to be weak and easy to guess, please choose a different one.');

    const { client, password } = await signedInClient(backend);
    const change = await client.auth.updateUser({ password: 'qwertyuiop', current_password: password });
    expect(change.error).toMatchObject({ code: 'weak_password', reasons: ['pwned'] });
  });

  it('lists every reason at once, as GoTrue does', async () => {
    const { error } = await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: '123456' });
    expect(error).toMatchObject({ code: 'weak_password', reasons: ['length', 'pwned'] });
  });

  it('accepts an uncommon password, and common ones when off', async () => {
    expect((await backend.anonClient().auth.signUp({ email: uniqueEmail(), password: 'harbour-lamp-sage-7' })).error).toBeNull();
    expect((await defaults.anonClient().auth.signUp({ email: uniqueEmail(), password: 'password1234' })).error).toBeNull();
  });
});
