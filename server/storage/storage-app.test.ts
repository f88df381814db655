import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { storageRoot } from './storage-app.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await createTestBackend();
  await backend.ctx.db.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('private-files', 'private-files', false, 1024, array['text/*', 'image/png']),
           ('public-files', 'public-files', true, null, null);
    create policy "owners read own files" on storage.objects for select to authenticated
      using (bucket_id = 'private-files' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "owners write own folder" on storage.objects for insert to authenticated
      with check (bucket_id = 'private-files' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "owners update own files" on storage.objects for update to authenticated
      using (bucket_id = 'private-files' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "owners delete own files" on storage.objects for delete to authenticated
      using (bucket_id = 'private-files' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `);
});

afterAll(async () => {
  await backend.close();
});

async function signedIn(email: string) {
  const client = backend.anonClient();
  const { data, error } = await client.auth.signUp({ email, password: 'long-enough-password-1' });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

describe('storage', () => {
  it('lets a user upload into their own folder and refuses another user’s folder', async () => {
    const alice = await signedIn('alice-storage@example.test');
    const bob = await signedIn('bob-storage@example.test');
    const own = await alice.client.storage.from('private-files').upload(`${alice.id}/note.txt`, 'hello', { contentType: 'text/plain' });
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({ path: `${alice.id}/note.txt`, fullPath: `private-files/${alice.id}/note.txt` });

    const foreign = await bob.client.storage.from('private-files').upload(`${alice.id}/evil.txt`, 'x', { contentType: 'text/plain' });
    expect(foreign.error?.message).toBe('new row violates row-level security policy');

    const download = await alice.client.storage.from('private-files').download(`${alice.id}/note.txt`);
    expect(await download.data?.text()).toBe('hello');
    const peek = await bob.client.storage.from('private-files').download(`${alice.id}/note.txt`);
    expect(peek.error).not.toBeNull();
    const anon = await backend.anonClient().storage.from('private-files').download(`${alice.id}/note.txt`);
    expect(anon.error).not.toBeNull();

    const duplicate = await alice.client.storage.from('private-files').upload(`${alice.id}/note.txt`, 'again', { contentType: 'text/plain' });
    expect(duplicate.error?.message).toBe('The resource already exists');
    const upserted = await alice.client.storage.from('private-files').upload(`${alice.id}/note.txt`, 'again', { contentType: 'text/plain', upsert: true });
    expect(upserted.error).toBeNull();
    expect(await (await alice.client.storage.from('private-files').download(`${alice.id}/note.txt`)).data?.text()).toBe('again');

    const listed = await alice.client.storage.from('private-files').list(alice.id);
    expect(listed.data?.map((entry) => entry.name)).toEqual(['note.txt']);

    const removedByBob = await bob.client.storage.from('private-files').remove([`${alice.id}/note.txt`]);
    expect(removedByBob.data).toEqual([]);
    const removed = await alice.client.storage.from('private-files').remove([`${alice.id}/note.txt`]);
    expect(removed.data).toHaveLength(1);
    expect((await alice.client.storage.from('private-files').download(`${alice.id}/note.txt`)).error).not.toBeNull();
  });

  it('enforces the bucket size and MIME limits', async () => {
    const user = await signedIn('limits@example.test');
    const big = await user.client.storage.from('private-files').upload(`${user.id}/big.txt`, 'x'.repeat(2048), { contentType: 'text/plain' });
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
    const wrongType = await user.client.storage.from('private-files').upload(`${user.id}/a.pdf`, 'x', { contentType: 'application/pdf' });
    expect(wrongType.error?.message).toContain('application/pdf');
  });

  it('serves public buckets to anyone, with caching headers, ranges and 304s', async () => {
    const service = backend.serviceClient();
    const { error } = await service.storage.from('public-files').upload('docs/hello.txt', 'hello world', { contentType: 'text/plain', cacheControl: '600' });
    expect(error).toBeNull();
    const url = service.storage.from('public-files').getPublicUrl('docs/hello.txt').data.publicUrl;
    const response = await backend.fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hello world');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('cache-control')).toBe('max-age=600');
    const etag = response.headers.get('etag') ?? '';
    expect((await backend.fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const range = await backend.fetch(url, { headers: { Range: 'bytes=0-4' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('hello');
    expect((await backend.fetch(url.replace('public-files', 'private-files'))).status).toBe(400);
  });

  it('refuses names that try to escape and writes nothing outside the root', async () => {
    const service = backend.serviceClient();
    // (A backslash or a doubled slash never reaches the server from storage-js: the URL parser and
    // the client normalise them to "/"; the raw requests below send them as they are.)
    for (const name of ['../escape.txt', 'a/../../escape.txt', 'nul\u0000.txt']) {
      const { error } = await service.storage.from('public-files').upload(name, 'x', { contentType: 'text/plain' });
      expect(error, name).not.toBeNull();
    }
    for (const raw of ['%2e%2e/%2e%2e/escape.txt', 'a//escape.txt', '%2Fetc%2Fescape.txt', 'a/%00escape.txt', 'a%5C..%5Cescape.txt']) {
      const response = await backend.fetch(`${backend.ctx.publicUrl}/storage/v1/object/public-files/${raw}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}`, 'Content-Type': 'text/plain' },
        body: 'x',
      });
      // (%2e%2e is resolved by the URL parser before routing; either way nothing is stored.)
      expect(response.status, raw).toBe(400);
    }
    const everything = await readdir(path.dirname(storageRoot(backend.ctx)), { recursive: true });
    expect(everything.filter((entry) => entry.includes('escape'))).toEqual([]);
    const { rows } = await backend.ctx.db.query(`select name from storage.objects where name like '%escape%'`);
    expect(rows).toEqual([]);
  });

  it('signs URLs that work until they expire', async () => {
    const service = backend.serviceClient();
    await service.storage.from('public-files').upload('signed/one.txt', 'signed', { contentType: 'text/plain' });
    const { data, error } = await service.storage.from('public-files').createSignedUrl('signed/one.txt', 60);
    expect(error).toBeNull();
    const response = await backend.fetch(data?.signedUrl ?? '');
    expect(await response.text()).toBe('signed');
    const tampered = await backend.fetch((data?.signedUrl ?? '').replace('one.txt', 'two.txt'));
    expect(tampered.status).toBe(400);
  });
});

describe('buckets from config.toml', () => {
  // It builds a whole second backend, as a beforeAll does: it gets a hook's time allowance, not a test's.
  it('creates the declared buckets with their limits', { timeout: 60_000 }, async () => {
    const configured = await createTestBackend({
      config: { storage: { buckets: { 'from-config': { public: true, file_size_limit: 1024, allowed_mime_types: ['image/png'] } } } },
    });
    try {
      const { data, error } = await configured.serviceClient().storage.getBucket('from-config');
      expect(error).toBeNull();
      expect(data).toMatchObject({ id: 'from-config', public: true, file_size_limit: 1024, allowed_mime_types: ['image/png'] });
    } finally {
      await configured.close();
    }
  });
});

describe('storage on disk', () => {
  it('leaves no file and no row behind when an upload is refused', async () => {
    const user = await signedIn('atomic@example.test');
    const other = await signedIn('atomic-other@example.test');
    const refused = await user.client.storage.from('private-files').upload(`${other.id}/sneaky.txt`, 'x', { contentType: 'text/plain' });
    expect(refused.error).not.toBeNull();
    const tooBig = await user.client.storage.from('private-files').upload(`${user.id}/big.txt`, 'x'.repeat(4096), { contentType: 'text/plain' });
    expect(tooBig.error).not.toBeNull();
    const files = await readdir(storageRoot(backend.ctx), { recursive: true }).catch(() => [] as string[]);
    expect(files.filter((entry) => entry.includes('sneaky') || entry.includes('big.txt') || entry.endsWith('.uploading'))).toEqual([]);
    const { rows } = await backend.ctx.db.query(`select name from storage.objects where name like '%sneaky%' or name like '%big.txt'`);
    expect(rows).toEqual([]);
  });
});

describe('malformed input answers 400 in storage’s shape, never 5xx (issue 16)', () => {
  const service = () => ({ Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}` });
  const storageUrl = (path: string) => `${backend.ctx.publicUrl}/storage/v1${path}`;

  async function expectInvalidRequest(response: Response, message: string | RegExp): Promise<void> {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '400', code: 'InvalidRequest', error: 'Invalid Input', message: expect.stringMatching(message) });
  }

  it('refuses a list body whose prefix or search is not a string', async () => {
    // With an object present, a non-string search reached .toLowerCase() too.
    await backend.serviceClient().storage.from('public-files').upload('listed/a.txt', 'a', { contentType: 'text/plain' });
    const cases: [string, RegExp][] = [
      ['{"prefix":5}', /^body\/prefix must be string$/],
      ['{"prefix":{}}', /^body\/prefix must be string$/],
      ['{"search":5}', /^body\/search must be string$/],
      ['{"search":["a"]}', /^body\/search must be string$/],
      ['{"prefix":"listed","limit":"x"}', /^body\/limit must be number$/],
      ['null', /^body must be object$/],
      ['{"prefix":', /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const response = await backend.fetch(storageUrl('/object/list/public-files'), {
        method: 'POST',
        headers: { ...service(), 'Content-Type': 'application/json' },
        body,
      });
      await expectInvalidRequest(response, message);
    }
    const listed = await backend.serviceClient().storage.from('public-files').list('listed', { search: 'a' });
    expect(listed.data?.map((entry) => entry.name)).toEqual(['a.txt']);
  });

  it('refuses an x-metadata header that is not base64 of a JSON object', async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    for (const header of ['not base64!', base64('{bad'), base64('[1]'), base64('"text"'), base64(`${'['.repeat(5000)}${']'.repeat(5000)}`)]) {
      const response = await backend.fetch(storageUrl('/object/public-files/meta/header.txt'), {
        method: 'POST',
        headers: { ...service(), 'Content-Type': 'text/plain', 'x-metadata': header },
        body: 'x',
      });
      await expectInvalidRequest(response, /x-metadata/);
    }
    const fine = await backend.fetch(storageUrl('/object/public-files/meta/header.txt'), {
      method: 'POST',
      headers: { ...service(), 'Content-Type': 'text/plain', 'x-metadata': base64('{"owner":"me"}') },
      body: 'x',
    });
    expect(fine.status).toBe(200);
  });

  it('refuses a multipart upload with a bad metadata field or a truncated body', async () => {
    const form = new FormData();
    form.append('metadata', '{bad');
    form.append('', new Blob(['x'], { type: 'text/plain' }), 'form.txt');
    const badField = await backend.fetch(storageUrl('/object/public-files/meta/form.txt'), { method: 'POST', headers: service(), body: form });
    await expectInvalidRequest(badField, /^The metadata field is not valid JSON$/);

    const truncated = await backend.fetch(storageUrl('/object/public-files/meta/truncated.txt'), {
      method: 'POST',
      headers: { ...service(), 'Content-Type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="t.txt"\r\nContent-Type: text/plain\r\n\r\nhal',
    });
    await expectInvalidRequest(truncated, /^The multipart body could not be parsed$/);
    const { rows } = await backend.ctx.db.query(`select name from storage.objects where name in ('meta/form.txt', 'meta/truncated.txt')`);
    expect(rows).toEqual([]);
  });

  it('refuses a bucket body of the wrong types, and keeps serving afterwards', async () => {
    // A number for text[] once made PGlite throw mid-message, leaving every later query failing.
    const cases: [string, string][] = [
      ['{"id":"typed-1","allowed_mime_types":-0}', 'body/allowed_mime_types must be array'],
      ['{"id":1e400}', 'body/id must be string'],
      ['{"id":"typed-2","public":"yes"}', 'body/public must be boolean'],
      ['{"id":"typed-3","file_size_limit":{"a":[[[]]]}}', 'body/file_size_limit Invalid input'],
    ];
    for (const [body, message] of cases) {
      const response = await backend.fetch(storageUrl('/bucket'), { method: 'POST', headers: { ...service(), 'Content-Type': 'application/json' }, body });
      await expectInvalidRequest(response, new RegExp(`^${message}`));
    }
    const { data, error } = await backend.serviceClient().storage.listBuckets();
    expect(error).toBeNull();
    expect(data?.map((bucket) => bucket.id)).not.toContain('typed-1');
  });

  it('refuses a name segment too long for a file name, and keeps the longest that fits', async () => {
    const upload = (segment: string) =>
      backend.fetch(storageUrl(`/object/public-files/long/${segment}`), { method: 'POST', headers: { ...service(), 'Content-Type': 'text/plain' }, body: 'x' });
    const tooLong = await upload('x'.repeat(300));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    expect((await upload('y'.repeat(208))).status).toBe(200);
  });

  it('answers a bucket name with a NUL, or a sign body that is not an object, with 400', async () => {
    for (const [method, path] of [['GET', '/bucket/a%00b'], ['POST', '/object/list/a%00b'], ['DELETE', '/object/a%00b']]) {
      const response = await backend.fetch(storageUrl(path), { method, headers: { ...service(), 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{"prefixes":["x"]}' });
      await expectInvalidRequest(response, /0x00/);
    }
    for (const body of ['null', `{"expiresIn":${'['.repeat(1000)}${']'.repeat(1000)}}`, '{"expiresIn":1e400}']) {
      const response = await backend.fetch(storageUrl('/object/sign/public-files/docs/hello.txt'), { method: 'POST', headers: { ...service(), 'Content-Type': 'application/json' }, body });
      expect(response.status, body.slice(0, 20)).toBe(400);
    }
  });
});
