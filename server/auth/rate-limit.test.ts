import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { RateLimiter } from './rate-limiter.ts';
import { uniqueEmail } from './testing/auth-fixtures.ts';

/**
 * GoTrue's per-IP limiters through HTTP, with the Supabase CLI's default settings and a fake
 * clock (minutes of traffic without waiting). In-process requests have no socket, so without a
 * configured header every request comes from one address, as from one machine.
 */
const CLI_DEFAULTS = { sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30, anonymous_users: 30 };
const PASSWORD = 'long-enough-1';

let now = 0;
let backend: TestBackend;
/** Behind a proxy that puts the client's address in X-Forwarded-For. */
let proxied: TestBackend;

beforeAll(async () => {
  [backend, proxied] = await Promise.all(
    [{}, { rateLimitHeader: 'x-forwarded-for' }].map((options) =>
      createTestBackend({ ...options, perIpLimits: true, limiter: new RateLimiter(() => now), config: { auth: { rate_limit: CLI_DEFAULTS } } }),
    ),
  );
});
afterAll(async () => {
  await backend.close();
  await proxied.close();
});

function request(target: TestBackend, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return target.fetch(`${target.ctx.publicUrl}/auth/v1${path}`, {
    method,
    headers: { apikey: target.ctx.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sends `count` requests made by `make` one after the other; the statuses in order. */
async function statuses(count: number, make: (index: number) => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await make(index);
    out.push(response.status);
    await response.body?.cancel();
  }
  return out;
}

/** GoTrue's answer past a request limit: 429, `over_request_rate_limit` in the body and the header. */
async function expectRateLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(response.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
  expect(await response.json()).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
}

/** Moves the fake clock far enough for every bucket of the earlier tests to expire (tollbooth's 1 h). */
function nextHour(): void {
  now += 3_600_000;
}

describe('per-IP limits as GoTrue applies them', () => {
  it('signs up 40 users spread over 60 s from one address: 35 × 200 then 5 × 429, as the token bucket predicts', async () => {
    nextHour();
    const start = now;
    // One sign-up every 1.5 s. Burst 30, refill 30 per 5 min = 0.1 per s = 0.15 per sign-up: before
    // sign-up i the bucket holds 30 − 0.85·i tokens, at least 1 up to i = 34; then 0.25, 0.40, … 0.85.
    const answers = await statuses(40, (index) => {
      now = start + index * 1500;
      return request(backend, 'POST', '/signup', { email: uniqueEmail('spread'), password: PASSWORD });
    });
    expect(answers).toEqual([...Array<number>(35).fill(200), ...Array<number>(5).fill(429)]);
    // 1.5 s later the bucket has 1.0 token again: the next one gets through.
    now = start + 40 * 1500 + 1500;
    expect((await request(backend, 'POST', '/signup', { email: uniqueEmail('spread'), password: PASSWORD })).status).toBe(200);
  });

  it('the same 40 sign-ups inside one second: 30 × 200 then 429', async () => {
    nextHour();
    const answers = await statuses(40, () => request(backend, 'POST', '/signup', { email: uniqueEmail('burst'), password: PASSWORD }));
    expect(answers).toEqual([...Array<number>(30).fill(200), ...Array<number>(10).fill(429)]);
    await expectRateLimited(await request(backend, 'POST', '/signup', { email: uniqueEmail('burst'), password: PASSWORD }));
  });

  it('gives sign-ups, /recover, /resend and PUT /user a bucket each (one setting, separate limiters)', async () => {
    nextHour();
    const signedUp = await request(backend, 'POST', '/signup', { email: uniqueEmail('own-buckets'), password: PASSWORD });
    const { access_token: token } = (await signedUp.json()) as { access_token: string };
    await statuses(29, () => request(backend, 'POST', '/signup', { email: uniqueEmail('own-buckets'), password: PASSWORD }));
    await expectRateLimited(await request(backend, 'POST', '/signup', { email: uniqueEmail('own-buckets'), password: PASSWORD }));

    expect(await statuses(30, () => request(backend, 'POST', '/recover', { email: uniqueEmail('nobody') }))).toEqual(Array<number>(30).fill(200));
    await expectRateLimited(await request(backend, 'POST', '/recover', { email: uniqueEmail('nobody') }));
    expect(await statuses(30, () => request(backend, 'POST', '/resend', { type: 'signup', email: uniqueEmail('nobody') }))).toEqual(
      Array<number>(30).fill(200),
    );
    await expectRateLimited(await request(backend, 'POST', '/resend', { type: 'signup', email: uniqueEmail('nobody') }));
    const authorized = { authorization: `Bearer ${token}` };
    expect(await statuses(30, (index) => request(backend, 'PUT', '/user', { data: { n: index } }, authorized))).toEqual(Array<number>(30).fill(200));
    await expectRateLimited(await request(backend, 'PUT', '/user', { data: { n: 'one too many' } }, authorized));
  });

  it('counts every password and refresh grant against token_refresh (burst 30, one per 2 s), then refuses even the right password', async () => {
    nextHour();
    const email = uniqueEmail('guess');
    expect((await request(backend, 'POST', '/signup', { email, password: PASSWORD })).status).toBe(200);
    const wrong = await statuses(30, (index) => request(backend, 'POST', '/token?grant_type=password', { email, password: `wrong-password-${index}` }));
    expect(wrong).toEqual(Array<number>(30).fill(400));
    await expectRateLimited(await request(backend, 'POST', '/token?grant_type=password', { email, password: PASSWORD }));
    await expectRateLimited(await request(backend, 'POST', '/token?grant_type=refresh_token', { refresh_token: 'not-even-looked-at' }));
    now += 2000;
    expect((await request(backend, 'POST', '/token?grant_type=password', { email, password: PASSWORD })).status).toBe(200);
    await expectRateLimited(await request(backend, 'POST', '/token?grant_type=password', { email, password: PASSWORD }));
  });

  it('bounds guessing a mailed code: 30 guesses, then one per 10 s on either /verify', async () => {
    nextHour();
    const email = uniqueEmail('verify');
    const guesses = await statuses(30, (index) => request(backend, 'POST', '/verify', { type: 'email', email, token: String(100000 + index) }));
    expect(guesses).toEqual(Array<number>(30).fill(403));
    await expectRateLimited(await request(backend, 'POST', '/verify', { type: 'email', email, token: '123456' }));
    // The mailed link is limited before anything is read, so it answers JSON rather than redirecting.
    await expectRateLimited(await request(backend, 'GET', '/verify?type=signup&token=abc&redirect_to=http://localhost:3000'));
    now += 10_000;
    expect((await request(backend, 'POST', '/verify', { type: 'email', email, token: '654321' })).status).toBe(403);
    await expectRateLimited(await request(backend, 'POST', '/verify', { type: 'email', email, token: '654322' }));
  });

  it('limits anonymous sign-ins per hour with a burst of the setting', async () => {
    nextHour();
    expect(await statuses(30, () => request(backend, 'POST', '/signup', {}))).toEqual(Array<number>(30).fill(200));
    await expectRateLimited(await request(backend, 'POST', '/signup', {}));
    // 30 per hour: one every 2 minutes.
    now += 120_000;
    expect((await request(backend, 'POST', '/signup', {})).status).toBe(200);
    await expectRateLimited(await request(backend, 'POST', '/signup', {}));
  });
});

describe('what the limits are keyed by', () => {
  it('does not believe X-Forwarded-For unless a proxy is configured: a rotating header gets no fresh bucket', async () => {
    nextHour();
    const email = uniqueEmail('rotating');
    const answers = await statuses(31, (index) =>
      request(backend, 'POST', '/token?grant_type=password', { email, password: 'wrong-guess-1' }, { 'x-forwarded-for': `198.51.100.${index}` }),
    );
    expect(answers).toEqual([...Array<number>(30).fill(400), 429]);
  });

  it('behind a configured proxy, keys by its header: one address used up, another still served', async () => {
    nextHour();
    const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });
    expect(await statuses(30, () => request(proxied, 'POST', '/signup', {}, from('203.0.113.1')))).toEqual(Array<number>(30).fill(200));
    await expectRateLimited(await request(proxied, 'POST', '/signup', {}, from('203.0.113.1')));
    expect((await request(proxied, 'POST', '/signup', {}, from('203.0.113.2'))).status).toBe(200);
  });

  it('a refused refresh does not burn the refresh token: it still works from another address', async () => {
    nextHour();
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const signUp = await request(proxied, 'POST', '/signup', { email: uniqueEmail('refresh'), password: PASSWORD }, from('203.0.113.10'));
    let refreshToken = ((await signUp.json()) as { refresh_token: string }).refresh_token;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const refreshed = await request(proxied, 'POST', '/token?grant_type=refresh_token', { refresh_token: refreshToken }, from('203.0.113.11'));
      expect(refreshed.status).toBe(200);
      refreshToken = ((await refreshed.json()) as { refresh_token: string }).refresh_token;
    }
    await expectRateLimited(await request(proxied, 'POST', '/token?grant_type=refresh_token', { refresh_token: refreshToken }, from('203.0.113.11')));
    expect((await request(proxied, 'POST', '/token?grant_type=refresh_token', { refresh_token: refreshToken }, from('203.0.113.12'))).status).toBe(200);
  });

  it('is off when turned off (LUMEN_RATE_LIMITS=off, as the CLI stack): 40 quick sign-ups all succeed', async () => {
    const unlimited = await createTestBackend({ perIpLimits: false, config: { auth: { rate_limit: CLI_DEFAULTS } } });
    try {
      expect(await statuses(40, () => request(unlimited, 'POST', '/signup', { email: uniqueEmail('off'), password: PASSWORD }))).toEqual(
        Array<number>(40).fill(200),
      );
    } finally {
      await unlimited.close();
    }
  });
});
