import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './account-keys.ts';
import { PROFILE_COLUMNS, type Profile } from './profile.ts';

/** RLS returns only the caller's own row (supabase/migrations/…_profiles.sql). */
export async function getProfile(userId: string): Promise<Profile> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('profiles').select(PROFILE_COLUMNS).eq('id', userId).single();
  if (error) throw new Error(error.message);
  return data;
}

export const getProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: accountKeys.profile(userId), queryFn: () => getProfile(userId) });

export function useProfile(userId: string | null) {
  return useQuery({ ...getProfileQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** The public URL of an avatar (the bucket is public; writes are owner-only). */
export function avatarUrl(path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${env.filesBaseUrl}/storage/v1/object/public/avatars/${encoded}`;
}
