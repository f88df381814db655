import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { wholeAnswer } from '../lib/whole-answer.ts';
import { apiCompression } from './compression.ts';
import { cors } from './cors.ts';
import { securityHeaders } from './security-headers-middleware.ts';

const rows = Array.from({ length: 60 }, (_, id) => ({ id, slug: `item-${id}`, title: `Item number ${id}` }));
const large = JSON.stringify(rows);

/** The gateway steps a REST answer passes through, in the order createApp mounts them. */
function gateway(): { app: Hono; built: Response[] } {
  const app = new Hono();
  const built: Response[] = [];
  app.use('*', securityHeaders());
  app.use('/rest/v1/*', cors());
  app.use('/rest/v1/*', ...apiCompression({ measure: true }));
  const answer = (body: string) => {
    const response = wholeAnswer(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': '0-0/*' } });
    built.push(response);
    return response;
  };
  app.get('/rest/v1/small', () => answer('[{"id":1}]'));
  app.get('/rest/v1/large', () => answer(large));
  app.get('/rest/v1/hono', (c) => c.json(rows));
  app.get('/rest/v1/fails', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ message: 'failed' }, 500));
  return { app, built };
}

describe('a whole answer through the gateway', () => {
  it('reaches the client as the very Response the service built, with CORS, security headers, Vary and Content-Length', async () => {
    const { app, built } = gateway();
    const response = await app.request('/rest/v1/small', { headers: { Origin: 'http://localhost:5173', 'Accept-Encoding': 'gzip' } });
    // Not rebuilt (a rebuilt Response is a stream the next step has to drain again).
    expect(response).toBe(built[0]);
    expect(await response.text()).toBe('[{"id":1}]');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.headers.get('content-range')).toBe('0-0/*');
  });

  it('is gzipped from the string it was built from when large, with the compressed length', async () => {
    const { app } = gateway();
    const response = await app.request('/rest/v1/large', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(gunzipSync(bytes).toString()).toBe(large);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers as before for bodies built any other way, and for errors', async () => {
    const { app } = gateway();
    const zipped = await app.request('/rest/v1/hono', { headers: { 'Accept-Encoding': 'gzip' } });
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(rows);

    const plain = await app.request('/rest/v1/hono');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(rows))));
    expect(await plain.json()).toEqual(rows);

    const failed = await app.request('/rest/v1/fails', { headers: { Origin: 'https://elsewhere.example' } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    expect(await failed.json()).toEqual({ message: 'failed' });
  });
});
