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

declare global {
  /** Set by scripts/prerender.ts: the backend the build reads from when the app shares its origin. */
  var LUMEN_PRERENDER_ORIGIN: string | undefined;
}

function readEnv() {
  const parsed = EnvSchema.safeParse({
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL || undefined,
    VITE_SUPABASE_PUBLISHABLE_KEY: import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build configuration: ${problems}`);
  }
  const hosted = parsed.data.VITE_SUPABASE_URL?.replace(/\/+$/, '');
  return {
    /**
     * Where links to the backend's files (item pictures, avatars) point: the hosted project, or ''
     * on the app's own origin, so the same relative address works in prerendered HTML, in the
     * browser and on any port.
     */
    filesBaseUrl: hosted ?? '',
    supabaseKey: parsed.data.VITE_SUPABASE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
    /** The API's absolute URL for supabase-js: the hosted project, or this page's origin. */
    apiUrl(): string {
      if (hosted) return hosted;
      const origin = typeof window === 'undefined' ? globalThis.LUMEN_PRERENDER_ORIGIN : window.location.origin;
      if (!origin) throw new Error('No backend origin: set VITE_SUPABASE_URL, or LUMEN_PRERENDER_ORIGIN when prerendering.');
      return origin;
    },
  };
}

export const env = readEnv();
