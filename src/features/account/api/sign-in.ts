import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { CurrentPasswordSchema, EmailSchema } from './account-schemas.ts';

export const SignInInputSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type SignInInput = z.infer<typeof SignInInputSchema>;

export async function signIn(input: SignInInput): Promise<void> {
  const supabase = await getSupabase();
  const { email, password } = SignInInputSchema.parse(input);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
