import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postbuild, renderHeadersFile } from './postbuild.ts';
import { createApp, securityHeaders } from '../server/testing/app.ts';
import { contentSecurityPolicy, createStaticApp } from '../server/index.ts';
import { createTestBackend, type TestBackend } from '../server/testing/test-backend.ts';

/**
 * Every response of the local server carries the security headers: the app's HTML and assets the
 * document CSP, everything else (API JSON, object downloads, preflights, 404s, errors) the API one.
 * The expected values are written out here, not imported, so weakening a constant fails the test.
 */
const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const SCRIPT_HASH = "'sha256-abc='";
const ORIGIN = 'http://localhost:5173';

function expectSecured(response: Response, label: string, csp: string | ((value: string) => void)): void {
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(response.headers.get(name), `${label}: ${name}`).toBe(value);
  const actual = response.headers.get('content-security-policy') ?? '';
  if (typeof csp === 'string') expect(actual, `${label}: content-security-policy`).toBe(csp);
  else csp(actual);
  expect(actual, `${label}: frame-ancestors`).toContain("frame-ancestors 'none'");
}

function expectDocumentCsp(csp: string): void {
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain(`script-src 'self' ${SCRIPT_HASH}`);
  expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
  expect(csp).toContain("object-src 'none'");
}

/** The `/*` and `/assets/*` sections of a Netlify / Cloudflare Pages `_headers` file. */
function parseHeadersFile(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      sections.set(line.trim(), current);
      continue;
    }
    const match = /^\s+([^:]+):\s*(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined || !current) throw new Error(`unexpected _headers line: ${line}`);
    current.set(match[1].toLowerCase(), match[2]);
  }
  return sections;
}

let backend: TestBackend;
let app: Hono;
let workDir: string;
let distDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'lumen-security-headers-'));
  distDir = path.join(workDir, 'dist');
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'build-manifest.json'), JSON.stringify({ scriptHashes: [SCRIPT_HASH] }));
  // Two functions: one sets a weaker header of its own, one answers Response.redirect (immutable headers).
  const functionsDir = path.join(workDir, 'project', 'functions');
  await mkdir(path.join(functionsDir, 'json-probe'), { recursive: true });
  await writeFile(
    path.join(functionsDir, 'json-probe', 'index.ts'),
    "export default { fetch: () => new Response('{\"ok\":true}', { headers: { 'Content-Type': 'application/json', 'Referrer-Policy': 'unsafe-url' } }) };\n",
  );
  await mkdir(path.join(functionsDir, 'redirect-probe'));
  await writeFile(
    path.join(functionsDir, 'redirect-probe', 'index.ts'),
    "export default { fetch: () => Response.redirect('http://localhost:54321/elsewhere', 302) };\n",
  );

  backend = await createTestBackend();
  // The whole server as main.ts builds it: every service plus the SPA; functions from the probe project.
  app = await createApp({
    backend: { ...backend.ctx, projectDir: path.join(workDir, 'project') },
    distDir,
    auth: { bcryptCost: 4 },
  });

  const service = backend.serviceClient();
  expect((await service.storage.createBucket('header-probe', { public: true })).error).toBeNull();
  const upload = await service.storage
    .from('header-probe')
    .upload('page.html', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), { contentType: 'text/html' });
  expect(upload.error).toBeNull();
});

afterAll(async () => {
  await backend.close();
  await rm(workDir, { recursive: true, force: true });
});

const anon = (): Record<string, string> => ({ apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${backend.ctx.keys.anonKey}` });

describe('security headers on every response of the local server', () => {
  it('puts the document CSP on the app: HTML, hashed assets, the SPA fallback, HEAD, 404 and 400', async () => {
    const cases: [string, string, RequestInit, number][] = [
      ['index.html', '/', {}, 200],
      ['hashed asset', '/assets/main-abc123.js', {}, 200],
      ['SPA fallback', '/catalog/lamps?sort=price', {}, 200],
      ['HEAD', '/items/some-lamp', { method: 'HEAD' }, 200],
      ['missing file', '/assets/missing.js', {}, 404],
      ['malformed URL', '/%E0%A4%A', {}, 400],
      ['unserved method', '/catalog', { method: 'POST' }, 404],
    ];
    for (const [label, url, init, status] of cases) {
      const response = await app.request(url, init);
      expect(response.status, label).toBe(status);
      expectSecured(response, label, (csp) => {
        expect(csp, label).toBe(contentSecurityPolicy({ scriptHashes: [SCRIPT_HASH] }));
        expectDocumentCsp(csp);
      });
    }
  });

  it('puts the API CSP on auth, REST, storage, functions, realtime and dev-mail answers, errors included', async () => {
    const cases: [string, string, RequestInit, number][] = [
      ['auth settings', '/auth/v1/settings', { headers: anon() }, 200],
      ['auth bad credentials', '/auth/v1/token?grant_type=password', { method: 'POST', headers: { ...anon(), 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password-1' }) }, 400],
      ['auth unsupported endpoint', '/auth/v1/otp', { method: 'POST', headers: anon(), body: '{}' }, 404],
      ['REST select', '/rest/v1/fixture_notes?select=body', { headers: anon() }, 200],
      ['REST unknown table', '/rest/v1/no_such_table', { headers: anon() }, 404],
      ['public object download', '/storage/v1/object/public/header-probe/page.html', {}, 200],
      ['missing object', '/storage/v1/object/public/header-probe/missing.html', {}, 400],
      ['function answer', '/functions/v1/json-probe', { method: 'POST', headers: anon() }, 200],
      ['function redirect', '/functions/v1/redirect-probe', { headers: anon() }, 302],
      ['function without JWT', '/functions/v1/json-probe', { method: 'POST' }, 401],
      ['unknown function', '/functions/v1/no-such-function', { headers: anon() }, 404],
      ['realtime unknown route', '/realtime/v1/api/nothing', {}, 404],
      ['mail outbox JSON', '/_dev/mail.json', {}, 200],
      ['dev unknown route', '/_dev/nothing', {}, 404],
    ];
    for (const [label, url, init, status] of cases) {
      const response = await app.request(url, init);
      expect(response.status, `${label}: ${await response.clone().text()}`).toBe(status);
      expectSecured(response, label, API_CSP);
    }
    // The object is HTML with a script: opened directly it runs nothing.
    const object = await app.request('/storage/v1/object/public/header-probe/page.html');
    expect(object.headers.get('content-type')).toContain('text/html');
  });

  it('keeps the mail outbox page’s own locked-down policy', async () => {
    const response = await app.request('/_dev/mail');
    expect(response.status).toBe(200);
    expectSecured(response, 'mail outbox page', (csp) => {
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src/);
    });
  });

  it('secures CORS preflights and keeps the CORS headers supabase-js needs', async () => {
    for (const prefix of ['/auth/v1/token', '/rest/v1/fixture_notes', '/storage/v1/object/header-probe/x.png', '/functions/v1/json-probe']) {
      const preflight = await app.request(prefix, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, authorization, x-client-info' },
      });
      expect(preflight.status, prefix).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), prefix).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')?.split(/\s*,\s*/), prefix).toEqual(['apikey', 'authorization', 'x-client-info']);
      expectSecured(preflight, `preflight ${prefix}`, API_CSP);
    }
    const response = await app.request('/rest/v1/fixture_notes?select=body', { headers: { ...anon(), origin: ORIGIN } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expectSecured(response, 'CORS GET', API_CSP);
  });

  it('secures the API-only server’s plain 404', async () => {
    const response = await backend.app.request('/not-an-api');
    expect(response.status).toBe(404);
    expectSecured(response, 'API-only 404', API_CSP);
  });
});

describe('securityHeaders middleware', () => {
  const app = new Hono();
  app.use('*', securityHeaders());
  app.get('/throws', () => {
    throw new Error('boom');
  });
  app.get('/redirect', () => Response.redirect('http://localhost/elsewhere', 303));
  app.get('/own-csp', (c) => c.text('x', 200, { 'Content-Security-Policy': "default-src 'none'; sandbox; frame-ancestors 'none'" }));

  it('secures unhandled errors, immutable responses and 404s, and keeps a CSP already set', async () => {
    // Hono's default error handler logs the error; keep the run quiet but make sure it was this one.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errored = await app.request('/throws');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    logged.mockRestore();
    expect(errored.status).toBe(500);
    expectSecured(errored, 'unhandled error', API_CSP);
    const redirected = await app.request('/redirect');
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toBe('http://localhost/elsewhere');
    expectSecured(redirected, 'Response.redirect', API_CSP);
    expectSecured(await app.request('/nowhere'), 'not found', API_CSP);
    expectSecured(await app.request('/own-csp'), 'own CSP', "default-src 'none'; sandbox; frame-ancestors 'none'");
  });
});

describe('dist/_headers for static hosts', () => {
  it('lists exactly the headers the server sends with the app, and the asset cache', async () => {
    const file = parseHeadersFile(renderHeadersFile({ scriptHashes: [SCRIPT_HASH] }));
    const page = await app.request('/');
    const all = file.get('/*');
    expect(all).toBeDefined();
    const required = ['content-security-policy', ...Object.keys(BASE_HEADERS)];
    for (const name of required) expect(all?.get(name), name).toBe(page.headers.get(name));
    for (const [name, value] of all ?? []) expect(page.headers.get(name), `server sends ${name}`).toBe(value);
    const asset = await app.request('/assets/main-abc123.js');
    expect(file.get('/assets/*')?.get('cache-control')).toBe(asset.headers.get('cache-control'));
  });

  it('postbuild writes a _headers and manifest the server agrees with, hosted Supabase URL included', async () => {
    const built = path.join(workDir, 'built');
    await mkdir(built);
    await writeFile(path.join(built, 'index.html'), '<!doctype html><script>document.documentElement.dataset.theme="light"</script><title>x</title>');
    const hashes = await postbuild(built, 'https://project.supabase.co');
    expect(hashes).toHaveLength(1);
    const file = parseHeadersFile(await readFile(path.join(built, '_headers'), 'utf8'));
    const csp = file.get('/*')?.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${hashes[0]}`);
    expect(csp).toContain("connect-src 'self' https://project.supabase.co wss://project.supabase.co");
    const page = await (await createStaticApp(built)).request('/');
    for (const [name, value] of file.get('/*') ?? []) expect(page.headers.get(name), name).toBe(value);
  });

  it('a build with a Turnstile site key: the local server sends the same widened policy as its _headers', async () => {
    const built = path.join(workDir, 'built-captcha');
    await mkdir(built);
    await writeFile(path.join(built, 'index.html'), '<!doctype html><script>document.documentElement.dataset.theme="light"</script><title>x</title>');
    const [hash] = await postbuild(built, undefined, '0x4AAAAAAAtest-site-key');
    const file = parseHeadersFile(await readFile(path.join(built, '_headers'), 'utf8'));
    const csp = file.get('/*')?.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${hash} https://challenges.cloudflare.com;`);
    expect(csp).toContain('frame-src https://challenges.cloudflare.com;');
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
    const page = await (await createStaticApp(built)).request('/');
    for (const [name, value] of file.get('/*') ?? []) expect(page.headers.get(name), name).toBe(value);
  });

  const realDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  it.skipIf(!existsSync(path.join(realDist, '_headers')))('the built dist/_headers matches what the server sends for that build', async () => {
    const file = parseHeadersFile(await readFile(path.join(realDist, '_headers'), 'utf8'));
    const page = await (await createApp({ distDir: realDist })).request('/');
    const all = file.get('/*');
    for (const name of ['content-security-policy', ...Object.keys(BASE_HEADERS)]) expect(all?.get(name), name).toBe(page.headers.get(name));
    for (const [name, value] of all ?? []) expect(page.headers.get(name), name).toBe(value);
  });
});
