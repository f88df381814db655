import * as z from 'zod/mini';

/** A row of `profiles` as the app reads it (get-profile.ts loads this module lazily). */
export const ProfileSchema = z.object({
  id: z.string(),
  display_name: z.nullable(z.string()),
  avatar_path: z.nullable(z.string()),
});
export type Profile = z.infer<typeof ProfileSchema>;
