import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

let backend: TestBackend;
let server: ServerType;
let port: number;

beforeAll(async () => {
  backend = await createTestBackend();
  server = serve({ fetch: backend.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await backend.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: Record<string, unknown>;
}

/**
 * Starts a request that announces `declared` bytes (or is chunked) and sends only `sent` of them:
 * an answer can only come from a server that refused without reading the whole body.
 */
function sendPartly(path: string, options: { declared?: number; sent: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' };
    if (options.declared !== undefined) headers['content-length'] = String(options.declared);
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      });
    });
    req.on('error', (error) => (error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let written = 0; written < options.sent; written += chunk.length) req.write(chunk);
  });
}

describe('request body limits', () => {
  it('refuses a 600 MB token request by its Content-Length, in GoTrue’s shape, and closes the connection', async () => {
    const answer = await sendPartly('/auth/v1/token?grant_type=password', { declared: 600 * 1024 * 1024, sent: 64 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(answer.body).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses a 300 MB upload in storage’s shape', async () => {
    const answer = await sendPartly('/storage/v1/object/avatars/big.bin', { declared: 300 * 1024 * 1024, sent: 64 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' });
  });

  it('stops reading a chunked REST body at the limit, in PostgREST’s shape', async () => {
    // No Content-Length: 12 MB arrive chunked, and the answer comes once 10 MiB have been read.
    const answer = await sendPartly('/rest/v1/notes', { sent: 12 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PGRST102', message: 'Request body too large', hint: null });
  });

  it('still reads a body under the limit', async () => {
    const response = await backend.fetch('http://localhost/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(1000) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_credentials' });
  });
});

/** A whole request over a real socket (Content-Length set by Node), its answer parsed. */
function post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { apikey: backend.ctx.keys.serviceRoleKey, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('one JSON depth rule for every service', () => {
  const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  const json = { 'content-type': 'application/json' };

  it('answers a body nested 100,000 deep with 400 in each service’s own shape, before any handler reads it', async () => {
    const rest = await post('/rest/v1/notes', deep, json);
    expect(rest.status).toBe(400);
    expect(rest.headers['proxy-status']).toBe('PostgREST; error=PGRST102');
    expect(rest.body).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json', hint: null });
    // No Content-Type: PostgREST reads the body as JSON all the same.
    expect((await post('/rest/v1/rpc/anything', deep, {})).status).toBe(400);

    const auth = await post('/auth/v1/signup', deep, json);
    expect(auth.status).toBe(400);
    expect(auth.headers['x-sb-error-code']).toBe('bad_json');
    expect(auth.body).toEqual({ code: 'bad_json', message: 'Could not parse request body as JSON: exceeded max depth' });

    const functions = await post('/functions/v1/anything', deep, json);
    expect(functions.status).toBe(400);
    expect(functions.body).toMatchObject({ code: 'invalid_json' });

    const mail = await post('/_dev/mail/send', deep, json);
    expect(mail.status).toBe(400);
    expect(mail.body).toHaveProperty('error');
  });

  it('still takes a body at the bound, and leaves storage uploads alone (a file is not input to parse)', async () => {
    const atBound = `{"a":${'['.repeat(511)}${']'.repeat(511)}}`;
    const auth = await post('/auth/v1/token?grant_type=password', atBound, json);
    expect(auth.body).not.toMatchObject({ code: 'bad_json' });
    const upload = await post('/storage/v1/object/avatars/deep.json', deep, json);
    expect(upload.body).not.toMatchObject({ message: expect.stringContaining('nests') as unknown });
  });
});
