import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';
import { EmailSchema } from './account-schemas.ts';

export const ChangeEmailInputSchema = z.object({ email: EmailSchema });
export type ChangeEmailInput = z.infer<typeof ChangeEmailInputSchema>;

/**
 * Starts an e-mail change. With double_confirm_changes (supabase/config.toml) Supabase mails a
 * link to the current and to the new address; the change happens once both are followed.
 */
export async function changeEmail(input: ChangeEmailInput): Promise<{ pending: string }> {
  const { email } = ChangeEmailInputSchema.parse(input);
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: `${window.location.origin}${paths.account.getHref()}` },
  );
  if (error) throw error;
  return { pending: data.user.new_email ?? email };
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
