import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { checkImageFile, resizeImage } from '@/utils/resize-image';
import { getProfileQueryOptions } from './get-profile.ts';
import { PROFILE_COLUMNS, type Profile } from './profile.ts';

export interface UploadAvatarInput {
  userId: string;
  file: File;
  /** The file being replaced; removed once the profile points at the new one. */
  previousPath: string | null;
}

/**
 * Resizes in the browser, uploads to `avatars/<user id>/<random>.<ext>` (a new name each time, so
 * the public URL never serves a stale cached image), points the profile at it, then removes the old
 * file. A failed profile update removes the new upload so no orphan is left behind.
 */
export async function uploadAvatar({ userId, file, previousPath }: UploadAvatarInput): Promise<Profile> {
  const supabase = await getSupabase();
  checkImageFile(file);
  const blob = await resizeImage(file);
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const path = `${userId}/${crypto.randomUUID()}.${extension}`;
  const bucket = supabase.storage.from('avatars');
  const upload = await bucket.upload(path, blob, { contentType: blob.type, cacheControl: '31536000', upsert: false });
  if (upload.error) throw new Error(`The avatar could not be uploaded: ${upload.error.message}`);

  const { data, error } = await supabase
    .from('profiles')
    .update({ avatar_path: path })
    .eq('id', userId)
    .select(PROFILE_COLUMNS)
    .single();
  if (error) {
    await bucket.remove([path]);
    throw new Error(`The avatar could not be saved: ${error.message}`);
  }
  // Best effort: a leftover old file costs storage, not correctness (delete-account sweeps the folder).
  if (previousPath && previousPath !== path) await bucket.remove([previousPath]);
  return data;
}

export async function removeAvatar({ userId, previousPath }: Omit<UploadAvatarInput, 'file'>): Promise<Profile> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .update({ avatar_path: null })
    .eq('id', userId)
    .select(PROFILE_COLUMNS)
    .single();
  if (error) throw new Error(`The avatar could not be removed: ${error.message}`);
  if (previousPath) await supabase.storage.from('avatars').remove([previousPath]);
  return data;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile),
  });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (profile) => queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile),
  });
}
