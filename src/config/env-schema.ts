import * as z from 'zod/mini';

/**
 * The build's configuration. Locally the app is served by server/ on the same origin as the
 * backend, so nothing needs setting; a build for hosted Supabase sets both variables.
 */
const EnvSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url({ protocol: /^https?$/ })),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.optional(z.string().check(z.minLength(20))),
});

/**
 * Checked when Vite loads its configuration (vite.config.ts), so a wrong value stops the build,
 * the dev server and the tests with this list instead of reaching a visitor's browser. The values
 * are then inlined into the bundle as they are, and src/config/env.ts reads them without zod.
 */
export function checkBuildEnv(values: Record<string, string | undefined>): void {
  const parsed = EnvSchema.safeParse({
    VITE_SUPABASE_URL: values.VITE_SUPABASE_URL || undefined,
    VITE_SUPABASE_PUBLISHABLE_KEY: values.VITE_SUPABASE_PUBLISHABLE_KEY || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build configuration: ${problems}`);
  }
}
