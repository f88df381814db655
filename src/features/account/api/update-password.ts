import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { NewPasswordSchema } from './account-schemas.ts';

export const UpdatePasswordInputSchema = z
  .object({ password: NewPasswordSchema, confirm: z.string() })
  .check(
    z.refine((input) => input.password === input.confirm, { message: 'The two passwords differ.', path: ['confirm'] }),
  );
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInputSchema>;

/** Sets a new password for the signed-in user (also the last step of a password reset). */
export async function updatePassword(input: UpdatePasswordInput): Promise<void> {
  const supabase = await getSupabase();
  const { password } = UpdatePasswordInputSchema.parse(input);
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
