import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AuthSettings, authSettingsResult, checkDistHeaders, cspAllows, headersFileCsp, runSmokeCheck } from './smoke-check.ts';
import { conformanceTarget, isHosted, reportWarning } from './support.ts';

const HOSTED_API = 'https://abcdefghijklmnopqrst.supabase.co';

describe('smoke check against the target', () => {
  it('finds nothing failing (warnings are reported)', async () => {
    const { url, anonKey, siteUrl } = conformanceTarget();
    const results = await runSmokeCheck({ url, anonKey, siteUrl });
    for (const result of results.filter((r) => r.status === 'warn')) reportWarning(`smoke ${result.check}: ${result.detail}`);
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    const checks = results.map((r) => r.check);
    expect(checks).toEqual(expect.arrayContaining(['auth settings', 'catalog (rpc search_items)', 'item images', 'function order-confirmation', 'function stock-alert', 'function delete-account', 'realtime websocket']));
    if (siteUrl) expect(checks).toEqual(expect.arrayContaining(['site index.html', 'site CSP', 'site SPA fallback', 'site statuses', 'site assets']));
  });

  it('fails the catalog, images and realtime with a key the project does not know', async () => {
    const { url } = conformanceTarget();
    const results = await runSmokeCheck({ url, anonKey: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.not-a-signature' });
    const failed = results.filter((r) => r.status === 'fail').map((r) => r.check);
    expect(failed).toEqual(expect.arrayContaining(['catalog (rpc search_items)', 'item images', 'realtime websocket']));
  });
});

describe('auth settings', () => {
  const ANONYMOUS_OFF = 'guest checkout needs anonymous sign-ins: Authentication → Sign In / Providers → Allow anonymous sign-ins, with CAPTCHA';

  it('passes e-mail sign-in with confirmations and anonymous sign-ins on (guest checkout)', () => {
    expect(authSettingsResult({ external: { email: true, anonymous_users: true }, disable_signup: false, mailer_autoconfirm: false })).toEqual({
      check: 'auth settings',
      status: 'pass',
      detail: 'e-mail sign-in on, confirmations on, anonymous sign-ins on for guest checkout (keep CAPTCHA protection on: Auth’s settings do not show it)',
    });
  });

  it('warns when anonymous sign-ins are off, since guests could not order', () => {
    for (const external of [{ email: true, anonymous_users: false }, { email: true }]) {
      expect(authSettingsResult({ external, disable_signup: false, mailer_autoconfirm: false })).toEqual({ check: 'auth settings', status: 'warn', detail: ANONYMOUS_OFF });
    }
  });

  it('lists every warning, and fails without the e-mail provider', () => {
    const all = authSettingsResult({ external: { email: true, anonymous_users: false }, disable_signup: true, mailer_autoconfirm: true });
    expect(all.status).toBe('warn');
    expect(all.detail.split('; ')).toEqual([
      'sign-ups are disabled (nobody can create an account)',
      ANONYMOUS_OFF,
      'e-mail confirmations are off (sign-up signs in without proving the address)',
    ]);
    expect(authSettingsResult({ external: { email: false, anonymous_users: true } }).status).toBe('fail');
  });

  it('finds anonymous sign-ins on in the local backend, as in config.toml', async (context) => {
    // A hosted project's setting is the operator's call: the smoke test above reports it as a warning.
    if (isHosted()) return context.skip();
    const { url, anonKey } = conformanceTarget();
    const response = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } });
    const result = authSettingsResult((await response.json()) as AuthSettings);
    expect(result.status).not.toBe('fail');
    expect(result.detail).not.toContain(ANONYMOUS_OFF);
  });
});

describe('CSP evaluation', () => {
  const policy = "default-src 'self'; img-src 'self' data: blob:; connect-src 'self' https://abcdefghijklmnopqrst.supabase.co wss://abcdefghijklmnopqrst.supabase.co";

  it('reads sources per directive with default-src as the fallback', () => {
    expect(cspAllows(policy, 'connect-src', HOSTED_API, 'https://shop.example')).toBe(true);
    expect(cspAllows(policy, 'connect-src', `${HOSTED_API.replace('https', 'wss')}/realtime/v1/websocket`, 'https://shop.example')).toBe(true);
    expect(cspAllows(policy, 'img-src', `${HOSTED_API}/storage/v1/object/public/item-images/a.webp`, 'https://shop.example')).toBe(false);
    expect(cspAllows(policy, 'font-src', 'https://shop.example/assets/inter.woff2', 'https://shop.example')).toBe(true);
    expect(cspAllows(policy, 'font-src', 'https://fonts.example/inter.woff2', 'https://shop.example')).toBe(false);
  });

  it("treats 'self' as the page's origin and its ws twin, and understands schemes and wildcards", () => {
    expect(cspAllows("connect-src 'self'", 'connect-src', 'ws://localhost:54321/realtime/v1/websocket', 'http://localhost:54321')).toBe(true);
    expect(cspAllows("connect-src 'self'", 'connect-src', 'http://localhost:54322', 'http://localhost:54321')).toBe(false);
    expect(cspAllows('img-src https:', 'img-src', `${HOSTED_API}/x.webp`, null)).toBe(true);
    expect(cspAllows('img-src https://*.supabase.co', 'img-src', `${HOSTED_API}/x.webp`, null)).toBe(true);
    expect(cspAllows('img-src https://*.supabase.co', 'img-src', 'https://supabase.co.evil.example/x.webp', null)).toBe(false);
    expect(cspAllows('img-src *', 'img-src', 'data:image/png;base64,AA', null)).toBe(false);
  });

  it('takes the /* policy out of a _headers file', () => {
    const text = ['/*', '  X-Frame-Options: DENY', `  Content-Security-Policy: ${policy}`, '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n');
    expect(headersFileCsp(text)).toBe(policy);
    expect(headersFileCsp('/assets/*\n  Content-Security-Policy: default-src none\n')).toBeNull();
  });

  it('warns about a build for another backend and fails one whose _headers would block the pictures', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lumen-smoke-'));
    try {
      await writeFile(path.join(dir, '_headers'), `/*\n  Content-Security-Policy: ${policy}\n`);
      const other = await checkDistHeaders(dir, 'https://zyxwvutsrqponmlkjihg.supabase.co');
      expect(other.status).toBe('warn');
      expect(other.detail).toContain('dist/ was not built for https://zyxwvutsrqponmlkjihg.supabase.co');
      expect(await checkDistHeaders(dir, HOSTED_API)).toEqual({
        check: 'dist/_headers',
        status: 'fail',
        detail: `img-src does not allow ${HOSTED_API} (item images and avatars are served from there)`,
      });
      await writeFile(path.join(dir, '_headers'), `/*\n  Content-Security-Policy: ${policy.replace('img-src', `img-src ${HOSTED_API}`)}\n`);
      expect((await checkDistHeaders(dir, HOSTED_API)).status).toBe('pass');
      expect((await checkDistHeaders(path.join(dir, 'missing'), HOSTED_API)).status).toBe('warn');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
