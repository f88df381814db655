import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestBackend, type TestBackend } from '../../testing/test-backend.ts';

export const REST_FIXTURE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture-project');

export interface RestTestBackend extends TestBackend {
  /** A fresh signed-in client for a new user with a profile row. */
  signedInClient(username: string): Promise<{ client: SupabaseClient; userId: string; accessToken: string }>;
}

/** The whole backend (server/app.ts, so /rest/v1 as mounted there) on the REST fixture project. */
export async function createRestTestBackend(): Promise<RestTestBackend> {
  const backend = await createTestBackend({ projectDir: REST_FIXTURE_DIR });
  let counter = 0;
  return {
    ...backend,
    async signedInClient(username) {
      const c = backend.anonClient();
      const email = `${username}-${++counter}@example.test`;
      const { data, error } = await c.auth.signUp({ email, password: 'correct-horse-battery' });
      if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
      const profile = await c.from('profiles').insert({ id: data.user.id, username: `${username}-${counter}` });
      if (profile.error) throw new Error(`profile insert failed: ${profile.error.message}`);
      return { client: c, userId: data.user.id, accessToken: data.session.access_token };
    },
  };
}
