import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProjectConfig, type ProjectConfigOverrides } from '../config/project-config.ts';
import { settleAfterResponse } from '../lib/after-response.ts';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { maxFrequencyMs } from './email-links.ts';
import { RateLimiter } from './rate-limiter.ts';
import { uniqueEmail } from './testing/auth-fixtures.ts';

/**
 * Auth's two mail limits, as GoTrue orders them: one mail per address (and kind) per
 * `[auth.email] max_frequency`, then the instance's hourly `[auth.rate_limit] email_sent`.
 * Each backend has a fake clock, so minutes of traffic take no time.
 */
const LUMEN_SUPABASE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'supabase');
const PASSWORD = 'long-enough-1';
const FREQUENCY_MESSAGE = /^For security purposes, you can only request this after \d+ seconds\.$/;
/** A flood is 115 requests one after another (the fake clock moves between them): slow on a busy machine. */
const FLOOD_TIMEOUT_MS = 120_000;

interface Clocked {
  backend: TestBackend;
  /** Moves the limiter's clock on. */
  advance(ms: number): void;
}

const opened: TestBackend[] = [];
afterAll(async () => {
  await Promise.all(opened.map((backend) => backend.close()));
});

async function clockedBackend(config: ProjectConfigOverrides, perIp = false): Promise<Clocked> {
  let now = 1_000_000;
  const backend = await createTestBackend({
    config,
    limiter: new RateLimiter(() => now),
    perIpLimits: perIp,
    rateLimitHeader: perIp ? 'x-forwarded-for' : undefined,
  });
  opened.push(backend);
  return { backend, advance: (ms) => (now += ms) };
}

function call(backend: TestBackend, method: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return backend.fetch(`${backend.ctx.publicUrl}/auth/v1${route}`, {
    method,
    headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const recover = (backend: TestBackend, email: string, headers: Record<string, string> = {}) => call(backend, 'POST', '/recover', { email }, headers);

async function answer(response: Response): Promise<{ status: number; code: string | null; body: Record<string, unknown> }> {
  return { status: response.status, code: response.headers.get('x-sb-error-code'), body: (await response.json()) as Record<string, unknown> };
}

async function mailsTo(backend: TestBackend, to: string, subject?: string): Promise<number> {
  await settleAfterResponse();
  const mails = await backend.ctx.mail.list({ to });
  return subject ? mails.filter((mail) => mail.subject === subject).length : mails.length;
}

async function confirmedUser(backend: TestBackend, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const { error } = await backend.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return email;
}

/** Lumen's own `[auth.email]` and `[auth.rate_limit]` from supabase/config.toml. */
async function lumenMailSettings(): Promise<ProjectConfigOverrides> {
  const { auth } = await loadProjectConfig(LUMEN_SUPABASE_DIR);
  return { auth: { email: auth.email, rate_limit: auth.rate_limit } };
}

describe('a /recover flood at a few addresses', () => {
  it("with Lumen's settings, 115 requests for 5 addresses from 5 clients over 15 s: one mail each, the repeats refused with GoTrue's 429, a sixth user's reset still mailed", async () => {
    const { backend, advance } = await clockedBackend(await lumenMailSettings(), true);
    const targets = await Promise.all(Array.from({ length: 5 }, (_, index) => confirmedUser(backend, `target${index}`)));
    const answers: Awaited<ReturnType<typeof answer>>[] = [];
    for (let index = 0; index < 115; index += 1) {
      // 23 requests per client, inside GoTrue's per-IP burst of 30: the frequency is what stops them.
      answers.push(await answer(await recover(backend, targets[index % 5], { 'x-forwarded-for': `203.0.113.${index % 5}` })));
      advance(130);
    }
    expect(answers.slice(0, 5).map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    for (const refused of answers.slice(5)) {
      expect(refused).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', body: { code: 'over_email_send_rate_limit' } });
      expect(refused.body.message).toMatch(FREQUENCY_MESSAGE);
    }
    for (const target of targets) expect(await mailsTo(backend, target), target).toBe(1);

    const sixth = await confirmedUser(backend, 'sixth');
    expect((await recover(backend, sixth, { 'x-forwarded-for': '198.51.100.6' })).status).toBe(200);
    expect(await mailsTo(backend, sixth)).toBe(1);
  }, FLOOD_TIMEOUT_MS);

  it('where the hourly quota is counted (confirmations on), refused repeats and unknown addresses spend none of it', async () => {
    // Room for exactly six mails: the five targets' and the sixth user's.
    const { backend, advance } = await clockedBackend({
      auth: { email: { enable_confirmations: true, max_frequency: '60s' }, rate_limit: { email_sent: 6 } },
    });
    const targets = await Promise.all(Array.from({ length: 5 }, (_, index) => confirmedUser(backend, `quota-target${index}`)));
    const statuses = new Map<number, number>();
    for (let index = 0; index < 115; index += 1) {
      // Every other request asks for an address nobody has.
      const email = index % 2 === 0 ? targets[(index / 2) % 5] : uniqueEmail('nobody');
      const response = await recover(backend, email);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      await response.body?.cancel();
      advance(130);
    }
    // 57 unknown addresses and 5 first requests answered 200; the other 53 for the targets 429.
    expect(Object.fromEntries(statuses)).toEqual({ 200: 62, 429: 53 });
    for (const target of targets) expect(await mailsTo(backend, target)).toBe(1);
    const sixth = await confirmedUser(backend, 'quota-sixth');
    expect((await recover(backend, sixth)).status).toBe(200);
    expect(await mailsTo(backend, sixth)).toBe(1);
    // Now the six mails are spent, and everyone, known or not, hears the same 429.
    const [known, unknown] = await Promise.all([recover(backend, await confirmedUser(backend, 'late')), recover(backend, uniqueEmail('late-nobody'))]);
    const expected = { status: 429, code: 'over_email_send_rate_limit', body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' } };
    expect(await answer(known)).toEqual(expected);
    expect(await answer(unknown)).toEqual(expected);
  }, FLOOD_TIMEOUT_MS);
});

describe('the per-address frequency', () => {
  it("answers a repeat with GoTrue's 429 and seconds left, for a known and an unknown address alike, and mails again once it has passed", async () => {
    const { backend, advance } = await clockedBackend({ auth: { email: { max_frequency: '60s' } } });
    const known = await confirmedUser(backend, 'repeat');
    const unknown = uniqueEmail('repeat-nobody');
    expect(await answer(await recover(backend, known))).toEqual({ status: 200, code: null, body: {} });
    expect(await answer(await recover(backend, unknown))).toEqual({ status: 200, code: null, body: {} });
    advance(1_500);
    const refused = {
      status: 429,
      code: 'over_email_send_rate_limit',
      body: { code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 58 seconds.' },
    };
    expect(await answer(await recover(backend, known))).toEqual(refused);
    expect(await answer(await recover(backend, unknown))).toEqual(refused);
    expect(await mailsTo(backend, known)).toBe(1);
    expect(await mailsTo(backend, unknown)).toBe(0);
    advance(58_500);
    expect((await recover(backend, known)).status).toBe(200);
    expect(await mailsTo(backend, known)).toBe(2);
  });

  it('is not started by a request the hourly quota refused', async () => {
    const { backend, advance } = await clockedBackend({
      auth: { email: { enable_confirmations: true, max_frequency: '60s' }, rate_limit: { email_sent: 1 } },
    });
    const first = await confirmedUser(backend, 'first');
    const second = await confirmedUser(backend, 'second');
    // Near the end of the hourly window (counted from start-up, as GoTrue counts it).
    advance(3_600_000 - 10_000);
    expect((await recover(backend, first)).status).toBe(200);
    expect(await answer(await recover(backend, second))).toMatchObject({ status: 429, body: { message: 'email rate limit exceeded' } });
    // 20 s later a new hour has begun; the refused address waits for nothing.
    advance(20_000);
    expect((await recover(backend, second)).status).toBe(200);
    expect(await mailsTo(backend, second)).toBe(1);
  });

  it('spaces each kind of mail on its own: sign-up confirmations, resends and email changes', async () => {
    const { backend, advance } = await clockedBackend({ auth: { email: { enable_confirmations: true, max_frequency: '60s' } } });
    const email = uniqueEmail('kinds');
    expect((await call(backend, 'POST', '/signup', { email, password: PASSWORD })).status).toBe(200);
    // A second sign-up, and a resend, inside the minute: refused as GoTrue refuses them.
    expect(await answer(await call(backend, 'POST', '/signup', { email, password: PASSWORD }))).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(await answer(await call(backend, 'POST', '/resend', { type: 'signup', email }))).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    // A reset is another kind of mail, spaced on its own.
    expect((await recover(backend, email)).status).toBe(200);
    expect(await mailsTo(backend, email)).toBe(2);
    advance(60_000);
    expect((await call(backend, 'POST', '/resend', { type: 'signup', email })).status).toBe(200);
    expect(await mailsTo(backend, email, 'Confirm Your Signup')).toBe(2);

    const client = backend.anonClient();
    expect((await client.auth.signInWithPassword({ email: await confirmedUser(backend, 'changer'), password: PASSWORD })).error).toBeNull();
    expect((await client.auth.updateUser({ email: uniqueEmail('changed') })).error).toBeNull();
    // GoTrue spaces email changes per user, whatever the new address.
    expect((await client.auth.updateUser({ email: uniqueEmail('changed-again') })).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});

describe('requests that mail nothing', () => {
  it('spend nothing of the hourly quota: unknown or confirmed addresses on /recover, /resend and /signup, a taken address on PUT /user', async () => {
    const { backend } = await clockedBackend({ auth: { email: { enable_confirmations: true, max_frequency: '60s' }, rate_limit: { email_sent: 1 } } });
    const confirmed = await confirmedUser(backend, 'confirmed');
    const { data } = await backend.anonClient().auth.signInWithPassword({ email: confirmed, password: PASSWORD });
    const token = data.session?.access_token ?? '';
    const taken = await confirmedUser(backend, 'taken');

    const nothingToSend = [
      () => recover(backend, uniqueEmail('nobody')),
      () => recover(backend, uniqueEmail('nobody')),
      () => call(backend, 'POST', '/resend', { type: 'signup', email: uniqueEmail('nobody') }),
      () => call(backend, 'POST', '/resend', { type: 'signup', email: confirmed }),
      () => call(backend, 'POST', '/resend', { type: 'email_change', email: uniqueEmail('nobody') }),
      // Another confirmed address: a second sign-up mail to one address inside the minute is refused.
      () => call(backend, 'POST', '/signup', { email: taken, password: PASSWORD }),
    ];
    for (const send of nothingToSend) expect((await send()).status).toBe(200);
    expect(await answer(await call(backend, 'PUT', '/user', { email: taken }, { authorization: `Bearer ${token}` }))).toMatchObject({ status: 422, code: 'email_exists' });
    expect(await mailsTo(backend, confirmed)).toBe(0);
    expect(await mailsTo(backend, taken)).toBe(0);

    // The one mail of the hour is still there for the first real reset.
    const someone = await confirmedUser(backend, 'someone');
    expect((await recover(backend, someone)).status).toBe(200);
    expect(await mailsTo(backend, someone)).toBe(1);
  });

  it('reads an empty or zero max_frequency as GoTrue does: its default of one minute', () => {
    expect(maxFrequencyMs('')).toBe(60_000);
    expect(maxFrequencyMs('0s')).toBe(60_000);
    expect(maxFrequencyMs('1m0s')).toBe(60_000);
    expect(maxFrequencyMs('1s')).toBe(1_000);
  });
});

describe("Lumen's configuration", () => {
  it('spaces mails to one address by GoTrue\'s default minute', async () => {
    const { auth } = await loadProjectConfig(LUMEN_SUPABASE_DIR);
    expect(maxFrequencyMs(auth.email.max_frequency)).toBe(60_000);
  });
});
