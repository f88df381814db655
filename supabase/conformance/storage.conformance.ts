import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  conformanceTarget,
  createThrowawayUser,
  removeThrowawayUser,
  serviceClient,
  type ThrowawayUser,
  TINY_WEBP,
} from './support.ts';

let owner: ThrowawayUser;
let other: ThrowawayUser;

beforeAll(async () => {
  owner = await createThrowawayUser('avatar-owner');
  other = await createThrowawayUser('avatar-other');
});

afterAll(async () => {
  await removeThrowawayUser(owner);
  await removeThrowawayUser(other);
});

describe('storage buckets (created by the migrations)', () => {
  it('item-images: public, images only, 5 MiB', async () => {
    const { data, error } = await serviceClient().storage.getBucket('item-images');
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: 'item-images', public: true, file_size_limit: 5_242_880 });
    expect([...(data?.allowed_mime_types ?? [])].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('avatars: public reads, images only, 2 MiB', async () => {
    const { data, error } = await serviceClient().storage.getBucket('avatars');
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: 'avatars', public: true, file_size_limit: 2_097_152 });
    expect([...(data?.allowed_mime_types ?? [])].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });
});

describe('item images', () => {
  it('serve through the public URL the app builds, in both widths', async () => {
    const { data } = await anonClient().from('items').select('image_paths').neq('image_paths', '{}').order('id').limit(1).single();
    const imagePath = (data as { image_paths: string[] }).image_paths[0] ?? '';
    for (const width of [320, 640]) {
      const { publicUrl } = anonClient().storage.from('item-images').getPublicUrl(`${imagePath}-${width}.webp`).data;
      expect(publicUrl).toBe(`${conformanceTarget().url}/storage/v1/object/public/item-images/${imagePath}-${width}.webp`);
      const response = await fetch(publicUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
  });

  it('cannot be written by the browser key or a signed-in user', async () => {
    const name = `conformance/${randomUUID()}-320.webp`;
    const asAnon = await anonClient().storage.from('item-images').upload(name, TINY_WEBP, { contentType: 'image/webp' });
    expect(asAnon.error).not.toBeNull();
    const asUser = await owner.client.storage.from('item-images').upload(name, TINY_WEBP, { contentType: 'image/webp' });
    expect(asUser.error).not.toBeNull();
  });
});

describe('avatars under the owner’s folder', () => {
  it('an owner uploads, lists, serves publicly and removes their avatar', async () => {
    const name = `${owner.id}/${randomUUID()}.webp`;
    const bucket = owner.client.storage.from('avatars');
    const upload = await bucket.upload(name, TINY_WEBP, { contentType: 'image/webp', cacheControl: '31536000', upsert: false });
    expect(upload.error).toBeNull();
    expect(upload.data?.path).toBe(name);

    const profile = await owner.client.from('profiles').update({ avatar_path: name }).eq('id', owner.id).select('avatar_path').single();
    expect(profile.data).toEqual({ avatar_path: name });

    const listed = await bucket.list(owner.id);
    expect(listed.data?.map((file) => `${owner.id}/${file.name}`)).toEqual([name]);

    const publicUrl = bucket.getPublicUrl(name).data.publicUrl;
    const served = await fetch(publicUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_WEBP)).toBe(true);

    const removed = await bucket.remove([name]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((file) => file.name)).toEqual([name]);
    expect((await bucket.list(owner.id)).data).toEqual([]);
    expect((await bucket.download(name)).error).not.toBeNull();
    // A CDN in front of hosted storage may still hold the old response; ask past it.
    expect((await fetch(`${publicUrl}?after-removal=${randomUUID()}`)).ok).toBe(false);
  });

  it('nobody writes into another user’s folder, and the browser key without a session writes nowhere', async () => {
    const intoOwners = await other.client.storage.from('avatars').upload(`${owner.id}/${randomUUID()}.webp`, TINY_WEBP, { contentType: 'image/webp' });
    expect(intoOwners.error).not.toBeNull();
    const anonymous = await anonClient().storage.from('avatars').upload(`${owner.id}/${randomUUID()}.webp`, TINY_WEBP, { contentType: 'image/webp' });
    expect(anonymous.error).not.toBeNull();
    expect((await serviceClient().storage.from('avatars').list(owner.id)).data).toEqual([]);
  });

  it('refuses a file type the bucket does not allow', async () => {
    const { error } = await owner.client.storage.from('avatars').upload(`${owner.id}/${randomUUID()}.txt`, Buffer.from('not an image'), {
      contentType: 'text/plain',
    });
    expect(error).not.toBeNull();
  });
});
