import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { storageRoot } from './storage-app.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await createTestBackend();
  await backend.ctx.db.exec(`
    insert into storage.buckets (id, name, public) values ('moves', 'moves', false), ('archive', 'archive', true);
    create policy "own folder: read" on storage.objects for select to authenticated
      using (bucket_id = 'moves' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "own folder: write" on storage.objects for insert to authenticated
      with check (bucket_id = 'moves' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "own folder: rename" on storage.objects for update to authenticated
      using (bucket_id = 'moves' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `);
});

afterAll(async () => {
  await backend.close();
});

const storageUrl = (route: string) => `${backend.ctx.publicUrl}/storage/v1${route}`;
const onDisk = (bucket: string, name: string) => existsSync(path.join(storageRoot(backend.ctx), bucket, ...name.split('/')));

async function signedIn(email: string) {
  const client = backend.anonClient();
  const { data, error } = await client.auth.signUp({ email, password: 'long-enough-password-1' });
  if (error || !data.user) throw error ?? new Error('no user');
  return { client, id: data.user.id };
}

describe('moving objects', () => {
  it('renames an object with supabase-js: the bytes follow, the old name is gone', async () => {
    const bucket = backend.serviceClient().storage.from('archive');
    await bucket.upload('old/name.txt', 'moved bytes', { contentType: 'text/plain' });
    const { data, error } = await bucket.move('old/name.txt', 'new/name.txt');
    expect(error).toBeNull();
    expect(data).toMatchObject({ message: 'Successfully moved' });
    expect(await (await bucket.download('new/name.txt')).data?.text()).toBe('moved bytes');
    expect((await bucket.download('old/name.txt')).error).not.toBeNull();
    expect(onDisk('archive', 'old/name.txt')).toBe(false);
    expect(onDisk('archive', 'new/name.txt')).toBe(true);
    const files = await backend.ctx.db.query(`select name from storage.objects where bucket_id = 'archive' and name like '%name.txt'`);
    expect(files.rows).toEqual([{ name: 'new/name.txt' }]);
  });

  it('moves into another bucket with destinationBucket', async () => {
    const service = backend.serviceClient().storage;
    const user = await signedIn('mover-across@example.test');
    await user.client.storage.from('moves').upload(`${user.id}/report.txt`, 'report', { contentType: 'text/plain' });
    const { error } = await service.from('moves').move(`${user.id}/report.txt`, 'reports/report.txt', { destinationBucket: 'archive' });
    expect(error).toBeNull();
    expect(await (await service.from('archive').download('reports/report.txt')).data?.text()).toBe('report');
    expect(onDisk('moves', `${user.id}/report.txt`)).toBe(false);
  });

  it('lets policies decide: a user renames in their own folder, not into or out of another’s', async () => {
    const alice = await signedIn('mover-alice@example.test');
    const bob = await signedIn('mover-bob@example.test');
    const mine = alice.client.storage.from('moves');
    await mine.upload(`${alice.id}/a.txt`, 'alice', { contentType: 'text/plain' });

    expect((await mine.move(`${alice.id}/a.txt`, `${alice.id}/b.txt`)).error).toBeNull();
    const intoBob = await mine.move(`${alice.id}/b.txt`, `${bob.id}/b.txt`);
    expect(intoBob.error?.message).toBe('new row violates row-level security policy');
    const byBob = await bob.client.storage.from('moves').move(`${alice.id}/b.txt`, `${bob.id}/stolen.txt`);
    expect(byBob.error?.message).toBe('Object not found');
    expect(await (await mine.download(`${alice.id}/b.txt`)).data?.text()).toBe('alice');
    expect(onDisk('moves', `${bob.id}/b.txt`) || onDisk('moves', `${bob.id}/stolen.txt`)).toBe(false);
  });

  it('refuses a destination already taken, and a source that does not exist', async () => {
    const bucket = backend.serviceClient().storage.from('archive');
    await bucket.upload('taken/one.txt', 'one', { contentType: 'text/plain' });
    await bucket.upload('taken/two.txt', 'two', { contentType: 'text/plain' });
    expect((await bucket.move('taken/one.txt', 'taken/two.txt')).error?.message).toBe('The resource already exists');
    expect(await (await bucket.download('taken/one.txt')).data?.text()).toBe('one');
    expect(await (await bucket.download('taken/two.txt')).data?.text()).toBe('two');
    expect((await bucket.move('taken/none.txt', 'taken/three.txt')).error?.message).toBe('Object not found');
    expect((await bucket.move('taken/one.txt', '../escape.txt')).error).not.toBeNull();
  });
});

describe('invalid JSON bodies answer 400 in hosted storage’s shape', () => {
  const send = (route: string, body: string, method = 'POST') =>
    backend.fetch(storageUrl(route), {
      method,
      headers: { Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body,
    });

  async function expectInvalidRequest(response: Response, message: string | RegExp): Promise<void> {
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '400', code: 'InvalidRequest', error: 'Invalid Input', message: expect.stringMatching(message) });
  }

  it('refuses a body that is not JSON when creating a bucket, signing a URL or moving', async () => {
    await backend.serviceClient().storage.from('archive').upload('bodies/sign.txt', 'x', { contentType: 'text/plain' });
    for (const route of ['/bucket', '/object/sign/archive/bodies/sign.txt', '/object/move']) {
      for (const body of ['{"id":', 'not json', '{"a":1}}']) {
        await expectInvalidRequest(await send(route, body), /^The request body is not valid JSON$/);
      }
    }
  });

  it('names the missing or mistyped field of a move, as ajv words it', async () => {
    const cases: [string, string][] = [
      ['{}', "body must have required property 'bucketId'"],
      ['{"bucketId":"archive","destinationKey":"x"}', "body must have required property 'sourceKey'"],
      ['{"bucketId":"archive","sourceKey":1,"destinationKey":"x"}', 'body/sourceKey must be string'],
      ['{"bucketId":"archive","sourceKey":"a","destinationKey":"x","destinationBucket":false}', 'body/destinationBucket must be string'],
      ['[]', 'body must be object'],
    ];
    for (const [body, message] of cases) await expectInvalidRequest(await send('/object/move', body), new RegExp(`^${message}$`));
  });

  it('refuses a remove body without a list of names', async () => {
    const cases: [string, string][] = [
      ['{}', "body must have required property 'prefixes'"],
      ['{"prefixes":[]}', 'body/prefixes must NOT have fewer than 1 items'],
      ['{"prefixes":["a",2]}', 'body/prefixes/1 must be string'],
      ['{"prefixes":"a"}', 'body/prefixes must be array'],
    ];
    for (const [body, message] of cases) await expectInvalidRequest(await send('/object/archive', body, 'DELETE'), new RegExp(`^${message}$`));
  });
});
