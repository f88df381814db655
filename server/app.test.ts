import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from './testing/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

it('serves auth and REST on one origin: sign up, insert and select under RLS, refresh, sign out', async () => {
  const client = backend.anonClient();
  const { data: signUp, error } = await client.auth.signUp({ email: `app-${Date.now()}@example.test`, password: 'long-enough-1' });
  expect(error).toBeNull();
  const insert = await client.from('fixture_notes').insert({ body: 'mine' }).select('body, user_id').single();
  expect(insert.error).toBeNull();
  expect(insert.data).toEqual({ body: 'mine', user_id: signUp.user?.id });

  const stranger = backend.anonClient();
  await stranger.auth.signInAnonymously();
  expect((await stranger.from('fixture_notes').select('body')).data).toEqual([]);

  expect((await client.auth.refreshSession()).error).toBeNull();
  expect((await client.from('fixture_notes').select('body')).data).toEqual([{ body: 'mine' }]);
  expect((await client.auth.signOut()).error).toBeNull();
  expect((await client.from('fixture_notes').select('body')).data).toEqual([]);
});

it('calls an RPC that uses extensions from the seeded fixture', async () => {
  const { data, error } = await backend.anonClient().rpc('fixture_similar_words', { query: 'lumen' });
  expect(error).toBeNull();
  expect((data as { word: string }[]).map((row) => row.word)).toContain('lumen');
});
