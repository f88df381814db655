import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { queryClient } from '@/lib/query-client';
import { expectSignOut } from '../session/session-store.ts';

/** 'local' ends this device's session; 'global' revokes every session of the account. */
export type SignOutScope = 'local' | 'global';

export async function signOut(scope: SignOutScope): Promise<void> {
  const supabase = await getSupabase();
  expectSignOut();
  const { error } = await supabase.auth.signOut({ scope });
  // supabase-js clears the local session even when the server call fails; only a global
  // sign-out that did not reach the server must be reported, since other devices stay in.
  if (error && scope === 'global') throw error;
  queryClient.removeQueries({ queryKey: ['account'] });
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
