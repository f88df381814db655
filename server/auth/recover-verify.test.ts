import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { settleAfterResponse } from '../lib/after-response.ts';
import { RateLimiter } from './rate-limiter.ts';
import { signedInClient, uniqueEmail } from './testing/auth-fixtures.ts';

let backend: TestBackend;
let confirming: TestBackend;
/** The confirming backend's limiter clock: a second mail to one address waits out max_frequency. */
let confirmingNow = 0;
const pastMaxFrequency = () => (confirmingNow += 60_000);
beforeAll(async () => {
  [backend, confirming] = await Promise.all([
    createTestBackend(),
    createTestBackend({ config: { auth: { email: { enable_confirmations: true } } }, limiter: new RateLimiter(() => confirmingNow) }),
  ]);
});
afterAll(async () => {
  await backend.close();
  await confirming.close();
});

interface MailJson {
  to: string;
  subject: string;
  links: string[];
  text: string;
}

/** The newest mail to `to`, once the work a response started afterwards (recovery mails) is done. */
async function latestMail(target: TestBackend, to: string): Promise<MailJson> {
  await settleAfterResponse();
  const response = await target.fetch(`http://localhost:54321/_dev/mail.json?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as MailJson[];
  if (!messages[0]) throw new Error(`no mail for ${to}`);
  return messages[0];
}

function fragmentOf(location: string | null): URLSearchParams {
  return new URLSearchParams(new URL(location ?? 'http://x').hash.slice(1));
}

describe('password recovery', () => {
  it('mails a verify link; following it redirects with a recovery session that can set a new password', async () => {
    const { email } = await signedInClient(backend);
    const { error } = await backend.anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/account/reset' });
    expect(error).toBeNull();
    const mail = await latestMail(backend, email);
    expect(mail.subject).toBe('Reset Your Password');
    const link = new URL(mail.links[0]);
    expect(link.origin + link.pathname).toBe('http://localhost:54321/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');

    const response = await backend.fetch(mail.links[0], { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith('http://localhost:3000/account/reset#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);

    const client = backend.anonClient();
    const { error: sessionError } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(sessionError).toBeNull();
    expect((await client.auth.updateUser({ password: 'recovered-pass-9' })).error).toBeNull();
    expect((await backend.anonClient().auth.signInWithPassword({ email, password: 'recovered-pass-9' })).error).toBeNull();

    // The link is single-use.
    const again = await backend.fetch(mail.links[0], { redirect: 'manual' });
    expect(fragmentOf(again.headers.get('location')).get('error_code')).toBe('otp_expired');
  });

  it('refuses a PKCE recovery with a clear message instead of mailing a link the client cannot use', async () => {
    const { email } = await signedInClient(backend);
    const response = await backend.fetch('http://localhost:54321/auth/v1/recover', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, code_challenge: 'abc', code_challenge_method: 's256' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('PKCE');
  });

  it('answers 200 for unknown emails without sending anything', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await backend.anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(await backend.ctx.mail.list({ to: email })).toEqual([]);
  });

  it('falls back to site_url for a foreign redirect_to', async () => {
    const { email } = await signedInClient(backend);
    await backend.anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const mail = await latestMail(backend, email);
    expect(new URL(mail.links[0]).searchParams.get('redirect_to')).toBe('http://localhost:3000');
  });

  it('verifies with verifyOtp({ token_hash, type })', async () => {
    const { email } = await signedInClient(backend);
    await backend.anonClient().auth.resetPasswordForEmail(email);
    const mail = await latestMail(backend, email);
    const tokenHash = new URL(mail.links[0]).searchParams.get('token') ?? '';
    const { data, error } = await backend.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('verifies with the 6-digit code from the mail', async () => {
    const { email } = await signedInClient(backend);
    await backend.anonClient().auth.resetPasswordForEmail(email);
    const mail = await latestMail(backend, email);
    const code = mail.text.match(/code: (\d{6})/)?.[1] ?? '';
    const { data, error } = await backend.anonClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('signs in once when the same link is verified twice at once', async () => {
    const { email } = await signedInClient(backend);
    await backend.anonClient().auth.resetPasswordForEmail(email);
    const tokenHash = new URL((await latestMail(backend, email)).links[0]).searchParams.get('token') ?? '';
    const attempts = await Promise.all([1, 2, 3].map(() => backend.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })));
    expect(attempts.filter((attempt) => attempt.data.session !== null)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.error?.code === 'otp_expired')).toHaveLength(2);
  });

  it('refuses a bad token hash with otp_expired', async () => {
    const { error } = await backend.anonClient().auth.verifyOtp({ token_hash: 'deadbeef', type: 'recovery' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});

describe('sign-up with confirmations on', () => {
  it('returns a user without a session, blocks sign-in, and the mailed link confirms', async () => {
    const email = uniqueEmail('confirm');
    const { data, error } = await confirming.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const blocked = await confirming.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' });
    expect(blocked.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const mail = await latestMail(confirming, email);
    expect(new URL(mail.links[0]).searchParams.get('type')).toBe('signup');
    const response = await confirming.fetch(mail.links[0], { redirect: 'manual' });
    expect(fragmentOf(response.headers.get('location')).get('type')).toBe('signup');
    expect((await confirming.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' })).error).toBeNull();
  });

  it('resends the confirmation mail; the newest link works', async () => {
    const email = uniqueEmail('resend');
    await confirming.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    pastMaxFrequency();
    const { error } = await confirming.anonClient().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(await confirming.ctx.mail.list({ to: email })).toHaveLength(2);
    const mail = await latestMail(confirming, email);
    await confirming.fetch(mail.links[0], { redirect: 'manual' });
    expect((await confirming.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' })).error).toBeNull();
  });

  it('hides an already registered, confirmed email behind a fake user', async () => {
    const email = uniqueEmail('hidden');
    await confirming.anonClient().auth.signUp({ email, password: 'long-enough-1' });
    await confirming.ctx.db.query('update auth.users set email_confirmed_at = now() where email = $1', [email]);
    pastMaxFrequency();
    const { data, error } = await confirming.anonClient().auth.signUp({ email, password: 'long-enough-2' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const { rows } = await confirming.ctx.db.query<{ id: string }>('select id from auth.users where email = $1', [email]);
    expect(data.user?.id).not.toBe(rows[0].id);
  });

  it('keeps an anonymous user anonymous until the new email is confirmed', async () => {
    const client = confirming.anonClient();
    await client.auth.signInAnonymously();
    const email = uniqueEmail('anon-confirm');
    const { data } = await client.auth.updateUser({ email });
    expect(data.user).toMatchObject({ is_anonymous: true, new_email: email });
    const mail = await latestMail(confirming, email);
    await confirming.fetch(mail.links[0], { redirect: 'manual' });
    const { data: after } = await client.auth.getUser();
    expect(after.user).toMatchObject({ email, is_anonymous: false });
  });
});
