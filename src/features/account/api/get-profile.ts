import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './account-keys.ts';
import type { Profile } from './profile-schema.ts';


/** RLS returns only the caller's own row (supabase/migrations/…_profiles.sql). */
export async function getProfile(userId: string): Promise<Profile> {
  // The schema (and zod) loads with supabase-js, not with the page (the header shows the avatar).
  const [supabase, { ProfileSchema }] = await Promise.all([getSupabase(), import('./profile-schema.ts')]);
  const { data, error } = await supabase.from('profiles').select('id, display_name, avatar_path').eq('id', userId).single();
  if (error) throw new Error(error.message);
  return ProfileSchema.parse(data);
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
