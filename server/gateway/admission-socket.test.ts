import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admissionGate, FairAdmission } from './admission.ts';
import { devKeys } from './keys.ts';

let server: Server;
let port: number;
const line = new FairAdmission({ concurrency: 1 });
let finish: () => void = () => undefined;
const held = new Promise<void>((resolve) => (finish = resolve));

beforeAll(async () => {
  const app = new Hono();
  app.use('/rest/v1/*', admissionGate(line, '/rest/v1', { keys: devKeys }));
  app.get('/rest/v1/slow', async (c) => {
    await held;
    return c.json({ ok: true });
  });
  app.get('/rest/v1/fast', (c) => c.json({ ok: true }));
  // As the backend serves the port: Node's request and response reach the app as its env.
  const listener = getRequestListener((req, env) => app.fetch(req, env));
  server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  finish();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(path: string): { answer: Promise<number>; abort: () => void } {
  const req = request({ host: '127.0.0.1', port, path, agent: false });
  const answer = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.end();
  return { answer, abort: () => req.destroy() };
}

it('takes a request whose client hangs up while it waits out of the line, over a real socket', async () => {
  const slow = get('/rest/v1/slow');
  await vi.waitFor(() => expect(line.active).toBe(1));
  const waiting = get('/rest/v1/fast');
  void waiting.answer.catch(() => undefined);
  await vi.waitFor(() => expect(line.waiting).toBe(1));

  waiting.abort();
  await vi.waitFor(() => expect(line.waiting).toBe(0));
  // The slot is still the first request's: the one that left never got in.
  expect(line.active).toBe(1);

  finish();
  expect(await slow.answer).toBe(200);
  await vi.waitFor(() => expect(line.active).toBe(0));
  expect(await get('/rest/v1/fast').answer).toBe(200);
});
