import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

let backend: TestBackend;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

beforeAll(async () => {
  backend = await createTestBackend();
  await backend.ctx.db.exec(`insert into storage.buckets (id, name, public) values ('downloads', 'downloads', true)`);
  const bucket = backend.serviceClient().storage.from('downloads');
  for (const [name, body] of [['letters.txt', ALPHABET], ['empty.txt', '']]) {
    const { error } = await bucket.upload(name, body, { contentType: 'text/plain' });
    if (error) throw error;
  }
});

afterAll(async () => {
  await backend.close();
});

const objectUrl = (name: string) => `${backend.ctx.publicUrl}/storage/v1/object/public/downloads/${name}`;
const get = (name: string, headers: Record<string, string> = {}, method = 'GET') => backend.fetch(objectUrl(name), { method, headers });

describe('ranged downloads, as hosted storage answers them', () => {
  it('answers 206 with Content-Range for a start-end, an open-ended and a suffix range', async () => {
    const cases: [string, string, string][] = [
      ['bytes=0-9', 'abcdefghij', 'bytes 0-9/26'],
      ['bytes=-5', 'vwxyz', 'bytes 21-25/26'],
      ['bytes=10-', 'klmnopqrstuvwxyz', 'bytes 10-25/26'],
      ['bytes=20-1000', 'uvwxyz', 'bytes 20-25/26'],
    ];
    for (const [range, body, contentRange] of cases) {
      const response = await get('letters.txt', { Range: range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(contentRange);
      expect(response.headers.get('content-length'), range).toBe(String(body.length));
      expect(response.headers.get('accept-ranges'), range).toBe('bytes');
      expect(response.headers.get('content-type'), range).toBe('text/plain');
      expect(await response.text(), range).toBe(body);
    }
  });

  it('answers 416 in storage’s error shape for a range past the end, and for any range of an empty object', async () => {
    for (const [name, range, size] of [['letters.txt', 'bytes=26-', 26], ['letters.txt', 'bytes=9-3', 26], ['letters.txt', 'bytes=-0', 26], ['empty.txt', 'bytes=0-', 0]] as const) {
      const response = await get(name, { Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range'), range).toBe(`bytes */${size}`);
      expect(response.headers.get('content-type'), range).toMatch(/^application\/json/);
      expect(await response.json(), range).toEqual({ statusCode: '416', code: 'InvalidRange', error: 'invalid_range', message: 'invalid range provided' });
    }
  });

  it('serves the whole object for a Range it does not support', async () => {
    for (const range of ['items=0-4', 'bytes=0-1,4-5', 'bytes=x-y']) {
      const response = await get('letters.txt', { Range: range });
      expect(response.status, range).toBe(200);
      expect(await response.text(), range).toBe(ALPHABET);
    }
  });

  it('answers HEAD with the headers a GET would have and no body', async () => {
    const whole = await get('letters.txt', {}, 'HEAD');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('26');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe('');
    const part = await get('letters.txt', { Range: 'bytes=-5' }, 'HEAD');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 21-25/26');
    expect(part.headers.get('content-length')).toBe('5');
    expect(await part.text()).toBe('');
    expect((await get('letters.txt', { Range: 'bytes=30-' }, 'HEAD')).status).toBe(416);
  });

  it('answers 304 with the ETag to a matching If-None-Match, before looking at the range', async () => {
    const etag = (await get('letters.txt')).headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const response = await get('letters.txt', { 'If-None-Match': etag, Range: 'bytes=0-1' });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(etag);
    expect((await get('letters.txt', { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('serves an empty object as an empty 200', async () => {
    const response = await get('empty.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect(await response.text()).toBe('');
  });

  it('honours ranges on signed URLs and authenticated downloads too', async () => {
    const service = backend.serviceClient();
    const { data } = await service.storage.from('downloads').createSignedUrl('letters.txt', 60);
    const signed = await backend.fetch(data?.signedUrl ?? '', { headers: { Range: 'bytes=2-4' } });
    expect(signed.status).toBe(206);
    expect(await signed.text()).toBe('cde');
    const authenticated = await backend.fetch(`${backend.ctx.publicUrl}/storage/v1/object/authenticated/downloads/letters.txt`, {
      headers: { Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}`, Range: 'bytes=-3' },
    });
    expect(authenticated.status).toBe(206);
    expect(await authenticated.text()).toBe('xyz');
  });
});

describe('large downloads', () => {
  it('stream the file in chunks, byte for byte, rather than as one buffer', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const { error } = await backend.serviceClient().storage.from('downloads').upload('large.bin', bytes, { contentType: 'application/octet-stream' });
    expect(error).toBeNull();

    const response = await get('large.bin');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.body).toBeInstanceOf(ReadableStream);
    const chunks: Uint8Array[] = [];
    const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    // A body read whole into memory arrives as one chunk; a streamed file, a chunk per read.
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(bytes.length);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    const tail = await get('large.bin', { Range: `bytes=${bytes.length - 100000}-` });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 100000))).toBe(true);
  });

  it('lets a client stop reading part-way without breaking later downloads', async () => {
    const response = await get('large.bin');
    const reader = (response.body ?? new ReadableStream<Uint8Array>()).getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const again = await get('letters.txt');
    expect(await again.text()).toBe(ALPHABET);
  });
});
