/**
 * Build-time configuration, checked with zod when Vite loads its configuration (env-schema.ts):
 * a wrong value stops the build, so what is inlined here is already valid. Locally nothing needs
 * setting; a build for hosted Supabase sets both variables. The local publishable key is the
 * Supabase CLI's well-known development key (public by design).
 */
const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

declare global {
  /** Set by scripts/prerender.ts: the backend the build reads from when the app shares its origin. */
  var LUMEN_PRERENDER_ORIGIN: string | undefined;
}

function readEnv() {
  const hosted = import.meta.env.VITE_SUPABASE_URL?.replace(/\/+$/, '') || undefined;
  return {
    /**
     * Where links to the backend's files (item pictures, avatars) point: the hosted project, or ''
     * on the app's own origin, so the same relative address works in prerendered HTML, in the
     * browser and on any port.
     */
    filesBaseUrl: hosted ?? '',
    supabaseKey: import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || LOCAL_PUBLISHABLE_KEY,
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
