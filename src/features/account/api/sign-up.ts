import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { captchaOptions } from '@/lib/captcha';
import { getSupabase } from '@/lib/supabase';
import { EmailSchema, NewPasswordSchema } from './account-schemas.ts';

export const SignUpInputSchema = z.object({ email: EmailSchema, password: NewPasswordSchema });
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** 'signed-in' with confirmations off (Lumen's default); 'confirm-email' when the project requires confirmation. */
export type SignUpOutcome = 'signed-in' | 'confirm-email';

/**
 * Creates the account. A guest who ordered on this device becomes the account (updateUser on the
 * anonymous session keeps the user id, so the guest's orders, address and cart simply stay theirs);
 * anyone else signs up afresh.
 */
export async function signUp(input: SignUpInput): Promise<SignUpOutcome> {
  const supabase = await getSupabase();
  const { email, password } = SignUpInputSchema.parse(input);
  const emailRedirectTo = `${window.location.origin}/account`;
  const { data: current } = await supabase.auth.getSession();
  if (current.session?.user.is_anonymous) {
    const { data, error } = await supabase.auth.updateUser({ email, password }, { emailRedirectTo });
    if (error) throw error;
    if (data.user.is_anonymous) return 'confirm-email';
    // The access token still says "anonymous" until it is renewed.
    await supabase.auth.refreshSession();
    return 'signed-in';
  }
  const { data, error } = await supabase.auth.signUp({ email, password, options: { emailRedirectTo, ...(await captchaOptions()) } });
  if (error) throw error;
  return data.session ? 'signed-in' : 'confirm-email';
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
