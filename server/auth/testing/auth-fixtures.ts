import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../../testing/test-backend.ts';

/** A fresh address per call, so tests never share users. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs up a new confirmed user and returns a client signed in as them. */
export async function signedInClient(
  backend: TestBackend,
  password = 'long-enough-1',
): Promise<{ client: SupabaseClient; email: string; password: string; userId: string }> {
  const email = uniqueEmail();
  const client = backend.anonClient();
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw error ?? new Error('sign-up returned no user');
  return { client, email, password, userId: data.user.id };
}
