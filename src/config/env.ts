import * as z from 'zod/mini';

/**
 * Build-time configuration. Locally the app is served by server/ on the same origin as the
 * backend, so nothing needs setting; a build for hosted Supabase sets both variables.
 * The local publishable key is the Supabase CLI's well-known development key (public by design).
 */
const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

const EnvSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url({ protocol: /^https?$/ })),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.optional(z.string().check(z.minLength(20))),
});

function readEnv() {
  const parsed = EnvSchema.safeParse({
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL || undefined,
    VITE_SUPABASE_PUBLISHABLE_KEY: import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build configuration: ${problems}`);
  }
  return {
    supabaseUrl: (parsed.data.VITE_SUPABASE_URL ?? window.location.origin).replace(/\/+$/, ''),
    supabaseKey: parsed.data.VITE_SUPABASE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
  };
}

export const env = readEnv();
