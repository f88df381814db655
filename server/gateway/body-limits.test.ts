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

describe('request body limits (issue 16 item 4)', () => {
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
