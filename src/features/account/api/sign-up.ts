import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { EmailSchema, NewPasswordSchema } from './account-schemas.ts';

export const SignUpInputSchema = z.object({ email: EmailSchema, password: NewPasswordSchema });
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** 'signed-in' with confirmations off (Lumen's default); 'confirm-email' when the project requires confirmation. */
export type SignUpOutcome = 'signed-in' | 'confirm-email';

export async function signUp(input: SignUpInput): Promise<SignUpOutcome> {
  const supabase = await getSupabase();
  const { email, password } = SignUpInputSchema.parse(input);
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${window.location.origin}/account` },
  });
  if (error) throw error;
  return data.session ? 'signed-in' : 'confirm-email';
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
