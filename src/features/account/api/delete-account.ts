import { useMutation } from '@tanstack/react-query';
import { forgetLocalSession, getSupabase } from '@/lib/supabase';
import { expectSignOut } from '../session/session-store.ts';

/**
 * Calls the delete-account edge function (supabase/functions/delete-account): it needs the service
 * role to remove the auth user, so it runs server-side and deletes only the caller. Deleting the
 * user ends every session; the local one is then cleared without another server call (Auth would
 * refuse it: the user no longer exists).
 */
export async function deleteAccount(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('delete-account', { method: 'POST', body: { confirm: true } });
  if (error) {
    const context: unknown = 'context' in error ? error.context : undefined;
    if (context instanceof Response) {
      const body = (await context.json().catch(() => null)) as { message?: string } | null;
      throw Object.assign(new Error(body?.message ?? error.message), { status: context.status });
    }
    throw error;
  }
  expectSignOut('account-deletion');
  // The user is gone, so Auth would answer a sign-out with 403: the session is forgotten here only.
  await forgetLocalSession(supabase);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
