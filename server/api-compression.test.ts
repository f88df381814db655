import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from './testing/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
  await backend.ctx.db.exec(`insert into public.fixture_words (word) select 'word-' || n from generate_series(1, 200) n`);
});
afterAll(() => backend.close());

const get = (path: string, acceptEncoding?: string) =>
  backend.fetch(`${backend.ctx.publicUrl}${path}`, {
    headers: { apikey: backend.ctx.keys.serviceRoleKey, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) },
  });

describe('API responses on the wire', () => {
  it('gzips JSON over 1 KiB for clients that accept it, and says so in Vary', async () => {
    const plain = await get('/rest/v1/fixture_words?select=word&order=word');
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const zipped = await get('/rest/v1/fixture_words?select=word&order=word', 'gzip, deflate, br');
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(body.length / 3);
    expect(gunzipSync(bytes).toString()).toBe(body);
  });

  it('leaves small answers as they are', async () => {
    const small = await get('/rest/v1/fixture_words?select=word&limit=1', 'gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toHaveLength(1);
  });
});
