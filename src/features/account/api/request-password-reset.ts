import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { paths } from '@/config/paths';
import { captchaOptions } from '@/lib/captcha';
import { getSupabase } from '@/lib/supabase';
import { EmailSchema } from './account-schemas.ts';

export const PasswordResetInputSchema = z.object({ email: EmailSchema });
export type PasswordResetInput = z.infer<typeof PasswordResetInputSchema>;

/** Mails a recovery link that lands on the set-new-password page with a session in the URL fragment. */
export async function requestPasswordReset(input: PasswordResetInput): Promise<void> {
  const supabase = await getSupabase();
  const { email } = PasswordResetInputSchema.parse(input);
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword.getHref()}`,
    ...(await captchaOptions()),
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
