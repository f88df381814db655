import { describe, expect, it } from 'vitest';
import { requestLimitSpec } from './auth-deps.ts';
import { RateLimiter } from './rate-limiter.ts';

/** The Supabase CLI's `[auth.rate_limit]` defaults (config.toml template), what a project without the section gets. */
const CLI_DEFAULTS = { email_sent: 2, sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30, anonymous_users: 30 };

function takeMany(count: number, take: () => boolean): number {
  let allowed = 0;
  for (let i = 0; i < count; i += 1) if (take()) allowed += 1;
  return allowed;
}

describe('GoTrue limiter figures (supabase/auth internal/api/apilimiter)', () => {
  it('refills at the configured number per 5 minutes with a burst of 30, anonymous sign-ins per hour with burst = the setting', () => {
    expect(requestLimitSpec('signups', CLI_DEFAULTS)).toEqual({ perSecond: 0.1, burst: 30, ttlMs: 3_600_000 });
    expect(requestLimitSpec('recover', CLI_DEFAULTS)).toEqual({ perSecond: 0.1, burst: 30, ttlMs: 3_600_000 });
    expect(requestLimitSpec('user_update', CLI_DEFAULTS)).toEqual({ perSecond: 0.1, burst: 30, ttlMs: 3_600_000 });
    expect(requestLimitSpec('token', CLI_DEFAULTS)).toEqual({ perSecond: 0.5, burst: 30, ttlMs: 3_600_000 });
    expect(requestLimitSpec('verify', CLI_DEFAULTS)).toEqual({ perSecond: 0.1, burst: 30, ttlMs: 3_600_000 });
    expect(requestLimitSpec('anonymous_sign_ins', CLI_DEFAULTS)).toEqual({ perSecond: 30 / 3600, burst: 30, ttlMs: 3_600_000 });
    // The burst does not follow the setting: 1000 sign-ups per 5 minutes still allows 30 at once.
    expect(requestLimitSpec('signups', { ...CLI_DEFAULTS, sign_in_sign_ups: 1000 }).burst).toBe(30);
  });
});

describe('token bucket', () => {
  it('starts full at the burst, then allows one request per refill interval', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const token = requestLimitSpec('token', CLI_DEFAULTS);
    expect(takeMany(31, () => limiter.take('token', 'ip', token))).toBe(30);
    // 0.5 per second: one token every 2 s, and not a moment earlier.
    now += 1999;
    expect(limiter.take('token', 'ip', token)).toBe(false);
    now += 1;
    expect(limiter.take('token', 'ip', token)).toBe(true);
    expect(limiter.take('token', 'ip', token)).toBe(false);
  });

  it('never holds more than the burst, however long a client stays away', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const signups = requestLimitSpec('signups', CLI_DEFAULTS);
    limiter.take('signups', 'ip', signups);
    now += 50 * 60_000;
    expect(takeMany(40, () => limiter.take('signups', 'ip', signups))).toBe(30);
  });

  it('keeps one bucket per key and per limit', () => {
    const limiter = new RateLimiter(() => 0);
    const verify = requestLimitSpec('verify', CLI_DEFAULTS);
    expect(takeMany(31, () => limiter.take('verify', '198.51.100.1', verify))).toBe(30);
    expect(limiter.take('verify', '198.51.100.2', verify)).toBe(true);
    expect(limiter.take('recover', '198.51.100.1', verify)).toBe(true);
  });

  it('forgets a key an hour after its bucket was made (tollbooth’s expiring entries), even while in use', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const verify = requestLimitSpec('verify', CLI_DEFAULTS);
    for (; now < 3_600_000; now += 5_000) limiter.take('verify', 'ip', verify);
    // Used every 5 s for the hour: nearly empty one millisecond before the hour…
    now = 3_599_999;
    expect(takeMany(30, () => limiter.take('verify', 'ip', verify))).toBeLessThanOrEqual(1);
    // …and a full burst at it.
    now = 3_600_000;
    expect(takeMany(31, () => limiter.take('verify', 'ip', verify))).toBe(30);
  });

  it('refuses everything with a burst of 0 (anonymous_users = 0)', () => {
    const limiter = new RateLimiter(() => 0);
    expect(limiter.take('anonymous_sign_ins', 'ip', requestLimitSpec('anonymous_sign_ins', { ...CLI_DEFAULTS, anonymous_users: 0 }))).toBe(false);
  });

  it('drops expired keys as new ones arrive, so rotating addresses cannot grow memory for ever', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const spec = { perSecond: 1, burst: 1, ttlMs: 1000 };
    for (let i = 0; i < 10_000; i += 1) limiter.take('x', `key-${i}`, spec);
    expect(limiter.bucketCount).toBe(10_000);
    now = 1000;
    limiter.take('x', 'one-more', spec);
    expect(limiter.bucketCount).toBe(1);
  });
});

describe('email_sent (GoTrue IntervalLimiter)', () => {
  it('allows the setting per fixed hour counted from start-up, not per sliding hour', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    now = 59 * 60_000;
    expect(takeMany(3, () => limiter.takeInWindow('email_sent', 2, 3_600_000))).toBe(2);
    // A new window at the hour, one minute after the window's mails were sent.
    now = 60 * 60_000;
    expect(takeMany(3, () => limiter.takeInWindow('email_sent', 2, 3_600_000))).toBe(2);
    now = 3 * 60 * 60_000 + 1;
    expect(limiter.takeInWindow('email_sent', 2, 3_600_000)).toBe(true);
    expect(limiter.takeInWindow('email_sent', 0, 3_600_000)).toBe(false);
  });
});

describe('email_sent, looked at without taking', () => {
  it('tells whether the window has room and takes nothing', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    expect(takeMany(10, () => limiter.hasRoomInWindow('email_sent', 1, 3_600_000))).toBe(10);
    expect(limiter.takeInWindow('email_sent', 1, 3_600_000)).toBe(true);
    expect(limiter.hasRoomInWindow('email_sent', 1, 3_600_000)).toBe(false);
    now = 3_600_000;
    expect(limiter.hasRoomInWindow('email_sent', 1, 3_600_000)).toBe(true);
  });
});

describe('max_frequency (one event per key per interval)', () => {
  it('counts down from the last recorded event, per name and key', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    expect(limiter.msUntilNext('recovery_mail', 'a@example.test')).toBe(0);
    limiter.spaceOut('recovery_mail', 'a@example.test', 60_000);
    now = 1_500;
    expect(limiter.msUntilNext('recovery_mail', 'a@example.test')).toBe(58_500);
    expect(limiter.msUntilNext('recovery_mail', 'b@example.test')).toBe(0);
    expect(limiter.msUntilNext('signup_mail', 'a@example.test')).toBe(0);
    now = 60_000;
    expect(limiter.msUntilNext('recovery_mail', 'a@example.test')).toBe(0);
  });

  it('drops keys whose wait is over as new ones arrive', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 10_000; i += 1) limiter.spaceOut('recovery_mail', `key-${i}`, 1000);
    expect(limiter.spacingCount).toBe(10_000);
    now = 1000;
    limiter.spaceOut('recovery_mail', 'one-more', 1000);
    expect(limiter.spacingCount).toBe(1);
  });
});
