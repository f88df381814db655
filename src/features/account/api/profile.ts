import type { Tables } from '@/types/database';

/** The columns of `profiles` the app reads: one list for every select that returns a Profile. */
export const PROFILE_COLUMNS = 'id, display_name, avatar_path';

/** A row of `profiles` as the app reads it (RLS: only the caller's own), typed by the schema. */
export type Profile = Pick<Tables<'profiles'>, 'id' | 'display_name' | 'avatar_path'>;
