import { request } from 'node:http';
import { cp, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningBackend } from '../testing/listening-backend.ts';
import type { TestBackend } from '../testing/test-backend.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'fixture-project');

let backend: TestBackend;
let projectDir: string;
let close: () => Promise<void>;

beforeAll(async () => {
  // A copy, so the test can edit a function and see it picked up. It lives inside the repository
  // (node_modules/.cache) so bare imports resolve from node_modules, as they do for supabase/functions.
  const cacheDir = path.resolve(FIXTURE, '..', '..', '..', '..', 'node_modules', '.cache');
  await mkdir(cacheDir, { recursive: true });
  projectDir = await mkdtemp(path.join(cacheDir, 'lumen-functions-'));
  await cp(FIXTURE, projectDir, { recursive: true });
  // Functions call SUPABASE_URL over the network (service-read), so this backend listens on loopback.
  // The limit sits well above a cold function's first call on a busy 2-core machine (service-read
  // loads supabase-js and calls the API) and well below the 5 s the `slow` fixture sleeps.
  backend = await createListeningBackend({ projectDir, functions: { timeoutMs: 2_000 } });
  close = async () => {
    await backend.close();
    await rm(projectDir, { recursive: true, force: true });
  };
});

afterAll(async () => {
  await close();
});

describe('edge functions', () => {
  it('runs a Deno.serve function with the caller’s JWT', async () => {
    const client = backend.anonClient();
    const { data: signUp } = await client.auth.signUp({ email: 'fn-user@example.test', password: 'long-enough-password-1' });
    const { data, error } = await client.functions.invoke('whoami', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'authenticated', sub: signUp.user?.id, method: 'POST', url: '/whoami' });
    const anon = await backend.anonClient().functions.invoke('whoami');
    expect(anon.data).toMatchObject({ role: 'anon', sub: null });
    const publishable = await backend.client(backend.ctx.keys.publishableKey).functions.invoke('whoami');
    expect(publishable.data).toMatchObject({ role: 'anon' });
  });

  it('gives functions the service role through the standard environment', async () => {
    const { data, error } = await backend.anonClient().functions.invoke('service-read');
    expect(error).toBeNull();
    expect(data).toEqual({ value: 'only the service role sees this' });
  });

  it('runs export default { fetch } functions', async () => {
    const { data } = await backend.anonClient().functions.invoke('default-export', { method: 'GET' });
    expect(data).toBe('hello from GET');
  });

  it('answers 401 for a missing or bad JWT unless verify_jwt is off', async () => {
    const missing = await backend.fetch(`${backend.ctx.publicUrl}/functions/v1/whoami`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });
    const forged = await backend.fetch(`${backend.ctx.publicUrl}/functions/v1/whoami`, {
      method: 'POST',
      headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.forged' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ msg: 'Invalid JWT' });
    const open = await backend.fetch(`${backend.ctx.publicUrl}/functions/v1/open`, { method: 'POST' });
    expect(await open.json()).toEqual({ open: true });
  });

  it('answers 404 for unknown or private names', async () => {
    for (const name of ['no-such-function', '_shared', '..%2Fmigrations']) {
      const response = await backend.fetch(`${backend.ctx.publicUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.ctx.keys.anonKey}` },
      });
      expect(response.status, name).toBe(404);
    }
  });

  it('turns a thrown error into a 500 and a hung function into WORKER_LIMIT, and keeps serving', async () => {
    const thrown = await backend.anonClient().functions.invoke('throws');
    expect(thrown.error).toBeInstanceOf(FunctionsHttpError);
    expect((thrown.error as FunctionsHttpError).context.status).toBe(500);
    const slow = await backend.anonClient().functions.invoke('slow');
    expect((slow.error as FunctionsHttpError).context.status).toBe(546);
    expect(await (slow.error as FunctionsHttpError).context.json()).toMatchObject({ code: 'WORKER_LIMIT' });
    const after = await backend.anonClient().functions.invoke('open');
    expect(after.data).toEqual({ open: true });
  });

  it('answers TRACE, a method fetch forbids, with 405 instead of a 500', async () => {
    // Only a raw HTTP client sends them: fetch itself refuses to.
    const send = (method: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const url = new URL(`${backend.ctx.publicUrl}/functions/v1/open`);
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method, headers: { apikey: backend.ctx.keys.anonKey } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const answer = await send('TRACE');
    expect(answer.status).toBe(405);
    expect(answer.allow).toContain('POST');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('refuses a JSON body nested deeper than every service accepts, before the function runs', async () => {
    const response = await backend.fetch(`${backend.ctx.publicUrl}/functions/v1/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('picks up an edited function on the next request', async () => {
    const file = path.join(projectDir, 'functions', 'open', 'index.ts');
    await writeFile(file, `Deno.serve(() => Response.json({ open: 'edited' }));\n`);
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const { data } = await backend.anonClient().functions.invoke('open');
    expect(data).toEqual({ open: 'edited' });
  });
});
