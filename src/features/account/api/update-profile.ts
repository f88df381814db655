import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { MAX_DISPLAY_NAME_LENGTH } from './account-schemas.ts';
import { getProfileQueryOptions } from './get-profile.ts';
import { PROFILE_COLUMNS, type Profile } from './profile.ts';

export const UpdateDisplayNameInputSchema = z.object({
  userId: z.string(),
  displayName: z.string().check(z.trim(), z.maxLength(MAX_DISPLAY_NAME_LENGTH, `Use at most ${MAX_DISPLAY_NAME_LENGTH} characters.`)),
});
export type UpdateDisplayNameInput = z.infer<typeof UpdateDisplayNameInputSchema>;

/** An empty name removes it (the column allows null, not ''). */
export async function updateDisplayName(input: UpdateDisplayNameInput): Promise<Profile> {
  const { userId, displayName } = UpdateDisplayNameInputSchema.parse(input);
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .update({ display_name: displayName === '' ? null : displayName })
    .eq('id', userId)
    .select(PROFILE_COLUMNS)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile),
  });
}
