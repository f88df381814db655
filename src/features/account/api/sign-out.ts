import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { expectSignOut } from '../session/session-store.ts';

/** 'local' ends this device's session; 'global' revokes every session of the account. */
export type SignOutScope = 'local' | 'global';

export async function signOut(scope: SignOutScope): Promise<void> {
  const supabase = await getSupabase();
  expectSignOut();
  const { error } = await supabase.auth.signOut({ scope });
  // supabase-js clears the local session even when the server call fails; only a global
  // sign-out that did not reach the server must be reported, since other devices stay in.
  // The session store drops this account's cached data as the session ends (lib/user-scope).
  if (error && scope === 'global') throw error;
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
