import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { uniqueEmail } from './testing/auth-fixtures.ts';

/**
 * The per-IP request limits of [auth.rate_limit] that admin-and-limits.test.ts does not trip
 * (it covers sign_in_sign_ups and the global email_sent): anonymous sign-ins, token refreshes,
 * token verifications, and failed password guesses (a /token grant like a refresh). Each test is its own client IP
 * (x-forwarded-for, believed here as behind a proxy configured to set it), so the buckets never mix.
 */
const LIMIT = 2;
const PASSWORD = 'long-enough-1';

let backend: TestBackend;
/** No proxy configured: the limits key on the connection, whatever X-Forwarded-For says. */
let direct: TestBackend;
beforeAll(async () => {
  [backend, direct] = await Promise.all(
    [{ rateLimitHeader: 'x-forwarded-for' }, {}].map((options) =>
      createTestBackend({
        ...options,
        config: { auth: { rate_limit: { anonymous_users: LIMIT, token_refresh: LIMIT, token_verifications: LIMIT, sign_in_sign_ups: LIMIT } } },
      }),
    ),
  );
});
afterAll(async () => {
  await backend.close();
  await direct.close();
});

function post(path: string, ip: string, body: unknown, target: TestBackend = backend): Promise<Response> {
  return target.fetch(`${backend.ctx.publicUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: target.ctx.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

/** GoTrue's answer past a request limit: 429, `over_request_rate_limit` in the body and the header. */
async function expectRateLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(response.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
  expect(await response.json()).toMatchObject({ code: 'over_request_rate_limit' });
}

describe('auth rate limits per client IP', () => {
  it('does not believe X-Forwarded-For unless a proxy is configured: a rotating header gets no fresh bucket', async () => {
    const email = uniqueEmail('rotating');
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await post('/token?grant_type=password', `198.51.100.${attempt}`, { email, password: 'wrong-guess-1' }, direct)).status).toBe(400);
    }
    await expectRateLimited(await post('/token?grant_type=password', '198.51.100.99', { email, password: 'wrong-guess-2' }, direct));
  });

  it('limits anonymous sign-ins (anonymous_users), and only for the IP that used them up', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await post('/signup', '203.0.113.1', {})).status).toBe(200);
    await expectRateLimited(await post('/signup', '203.0.113.1', {}));
    expect((await post('/signup', '203.0.113.2', {})).status).toBe(200);
  });

  it('limits token refreshes (token_refresh) even with a valid refresh token', async () => {
    const signUp = await post('/signup', '203.0.113.10', { email: uniqueEmail('refresh'), password: PASSWORD });
    expect(signUp.status).toBe(200);
    let refreshToken = ((await signUp.json()) as { refresh_token: string }).refresh_token;
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const refreshed = await post('/token?grant_type=refresh_token', '203.0.113.11', { refresh_token: refreshToken });
      expect(refreshed.status).toBe(200);
      refreshToken = ((await refreshed.json()) as { refresh_token: string }).refresh_token;
    }
    await expectRateLimited(await post('/token?grant_type=refresh_token', '203.0.113.11', { refresh_token: refreshToken }));
    // The same token still works from elsewhere: the limit refused the request, it did not burn the token.
    expect((await post('/token?grant_type=refresh_token', '203.0.113.12', { refresh_token: refreshToken })).status).toBe(200);
  });

  it('limits token verifications (token_verifications), so mailed codes cannot be guessed at speed', async () => {
    const email = uniqueEmail('verify');
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const guess = await post('/verify', '203.0.113.20', { type: 'email', email, token: String(100000 + attempt) });
      expect(guess.status).toBe(403);
      expect(await guess.json()).toMatchObject({ code: 'otp_expired' });
    }
    await expectRateLimited(await post('/verify', '203.0.113.20', { type: 'email', email, token: '123456' }));
  });

  it('counts failed password guesses against token_refresh (every /token grant, as GoTrue), then refuses even the right password', async () => {
    const email = uniqueEmail('guess');
    expect((await post('/signup', '203.0.113.30', { email, password: PASSWORD })).status).toBe(200);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const wrong = await post('/token?grant_type=password', '203.0.113.31', { email, password: `wrong-password-${attempt}` });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    await expectRateLimited(await post('/token?grant_type=password', '203.0.113.31', { email, password: PASSWORD }));
    expect((await post('/token?grant_type=password', '203.0.113.32', { email, password: PASSWORD })).status).toBe(200);
  });
});
