import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../server/testing/test-backend.ts';
import { ensureDemoUsers } from './demo-users.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

it('creates the demo accounts once; they can sign in', async () => {
  const accounts = [{ email: 'demo-test@lumen.test', password: 'demo-password-9', displayName: 'Demo' }];
  expect(await ensureDemoUsers(backend.serviceClient(), accounts)).toEqual(['demo-test@lumen.test']);
  expect(await ensureDemoUsers(backend.serviceClient(), accounts)).toEqual([]);
  const { data, error } = await backend.anonClient().auth.signInWithPassword({ email: 'demo-test@lumen.test', password: 'demo-password-9' });
  expect(error).toBeNull();
  expect(data.user?.user_metadata).toMatchObject({ display_name: 'Demo' });
});
