import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { captchaOptions } from '@/lib/captcha';
import { getSupabase } from '@/lib/supabase';
import { CurrentPasswordSchema, EmailSchema } from './account-schemas.ts';
import { finishGuestHandover, prepareGuestHandover } from './guest-handover.ts';

export const SignInInputSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type SignInInput = z.infer<typeof SignInInputSchema>;

/** Signs in; a guest who ordered on this device brings those orders into the account. */
export async function signIn(input: SignInInput): Promise<void> {
  const supabase = await getSupabase();
  const { email, password } = SignInInputSchema.parse(input);
  await prepareGuestHandover();
  const { error } = await supabase.auth.signInWithPassword({ email, password, options: await captchaOptions() });
  if (error) throw error;
  // Signed in either way; a hand-over that fails now is retried when the app next loads.
  await finishGuestHandover().catch(() => undefined);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
