import { afterEach, describe, expect, it, vi } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('verifyJwt', () => {
  afterEach(() => vi.useRealTimers());

  it('answers expired for a token it verified before, once its exp has passed', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), toFake: ['Date'] });
    const token = await signJwt({ sub: 'u1', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, SECRET);
    expect(await verifyJwt(token, SECRET)).toMatchObject({ ok: true, claims: { sub: 'u1' } });
    vi.setSystemTime(new Date('2026-11-23T12:01:01Z'));
    expect(await verifyJwt(token, SECRET)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('never lets a verified token stand for another secret or a changed signature', async () => {
    const token = await signJwt({ sub: 'u2', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, SECRET);
    expect((await verifyJwt(token, SECRET)).ok).toBe(true);
    expect(await verifyJwt(token, `${SECRET}-rotated`)).toMatchObject({ ok: false, reason: 'invalid' });
    const [header, payload] = token.split('.');
    expect(await verifyJwt(`${header}.${payload}.${'A'.repeat(43)}`, SECRET)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('hands each caller its own copy of the claims', async () => {
    const token = await signJwt({ sub: 'u3', role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 }, SECRET);
    const first = await verifyJwt(token, SECRET);
    if (first.ok) first.claims.role = 'service_role';
    expect(await verifyJwt(token, SECRET)).toMatchObject({ ok: true, claims: { role: 'anon' } });
  });
});
