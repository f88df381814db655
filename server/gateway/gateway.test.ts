import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { authenticateRequest, headersOf } from './authenticate-request.ts';
import { cors } from './cors.ts';
import { signJwt } from './jwt.ts';
import { devKeys } from './keys.ts';

function request(headers: Record<string, string>): Request {
  return new Request('http://localhost/rest/v1/x', { headers });
}

describe('authenticateRequest', () => {
  it('maps the publishable and secret keys to the anon and service_role JWTs', async () => {
    const anon = await authenticateRequest(headersOf(request({ apikey: devKeys.publishableKey, authorization: `Bearer ${devKeys.publishableKey}` })), devKeys);
    expect(anon).toMatchObject({ ok: true, role: 'anon', token: devKeys.anonKey });
    const service = await authenticateRequest(headersOf(request({ apikey: devKeys.secretKey })), devKeys);
    expect(service).toMatchObject({ ok: true, role: 'service_role', token: devKeys.serviceRoleKey });
  });

  it('prefers a user JWT in Authorization over the apikey', async () => {
    const token = await signJwt({ sub: 'u1', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, devKeys.jwtSecret);
    const result = await authenticateRequest(headersOf(request({ apikey: devKeys.anonKey, authorization: `Bearer ${token}` })), devKeys);
    expect(result).toMatchObject({ ok: true, role: 'authenticated', claims: { sub: 'u1' } });
  });

  it('treats no credential as anon (CLI parity) unless told otherwise', async () => {
    expect(await authenticateRequest(headersOf(request({})), devKeys)).toMatchObject({ ok: true, role: 'anon', token: null });
    expect(await authenticateRequest(headersOf(request({})), devKeys, { allowAnonymous: false })).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('reports expired and forged tokens as typed failures', async () => {
    const expired = await signJwt({ role: 'authenticated', exp: 1000 }, devKeys.jwtSecret);
    expect(await authenticateRequest(headersOf(request({ authorization: `Bearer ${expired}` })), devKeys)).toMatchObject({ ok: false, reason: 'expired' });
    const forged = await signJwt({ role: 'service_role' }, 'some-other-secret-that-is-at-least-32-chars');
    expect(await authenticateRequest(headersOf(request({ authorization: `Bearer ${forged}` })), devKeys)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await authenticateRequest(headersOf(request({ apikey: 'sb_secret_unknown' })), devKeys)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('cors', () => {
  const app = new Hono();
  app.use('/rest/v1/*', cors());
  app.get('/rest/v1/items', (c) => c.json([], 200, { 'Content-Range': '0-0/0' }));

  it('answers preflights, echoing the requested headers', async () => {
    const response = await app.request('/rest/v1/items', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, x-custom' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')?.split(/\s*,\s*/)).toEqual(['apikey', 'x-custom']);
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('lets any origin call with its keys but never with credentials, Origin: null included', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5173']) {
      const preflight = await app.request('/rest/v1/items', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization' },
      });
      const answer = await app.request('/rest/v1/items', { headers: { origin } });
      for (const response of [preflight, answer]) {
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      }
    }
  });

  it('takes back a credentials grant a service made by itself (GoTrue echoes the Origin with credentials)', async () => {
    const withService = new Hono();
    withService.use('/auth/v1/*', cors());
    withService.get('/auth/v1/settings', () =>
      new Response('{}', { headers: { 'Access-Control-Allow-Origin': 'https://evil.example', 'Access-Control-Allow-Credentials': 'true' } }),
    );
    const response = await withService.request('/auth/v1/settings', { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('exposes the headers supabase-js reads', async () => {
    const response = await app.request('/rest/v1/items', { headers: { origin: 'http://localhost:5173' } });
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['Content-Range', 'X-Supabase-Api-Version', 'Content-Type', 'Content-Location', 'Location', 'x-relay-error', 'Content-Disposition', 'ETag']) {
      expect(exposed).toContain(header);
    }
  });
});
