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
  it('creates the declared buckets with their limits', async () => {
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
