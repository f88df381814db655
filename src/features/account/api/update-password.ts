import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { NewPasswordSchema } from './account-schemas.ts';

/**
 * A new password, twice, and the current one unless the session came from a recovery link: the
 * project requires it (hosted Auth's "Require current password when updating"; scripts/start.ts
 * locally), so a session left open on a shared computer cannot take the account over.
 */
export function updatePasswordInputSchema({ askCurrent }: { askCurrent: boolean }) {
  return z
    .object({
      current: askCurrent ? z.string().check(z.minLength(1, 'Enter your current password.')) : z.string(),
      password: NewPasswordSchema,
      confirm: z.string(),
    })
    .check(z.refine((input) => input.password === input.confirm, { message: 'The two passwords differ.', path: ['confirm'] }));
}
export type UpdatePasswordInput = z.infer<ReturnType<typeof updatePasswordInputSchema>>;

/** Sets a new password for the signed-in user (also the last step of a password reset). */
export async function updatePassword(input: UpdatePasswordInput): Promise<void> {
  const supabase = await getSupabase();
  const { current, password } = input;
  const { error } = await supabase.auth.updateUser(current ? { password, current_password: current } : { password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
