/**
 * The Supabase CLI's well-known local development secret and keys.
 * They are public by design (printed by `supabase start` on every machine) and only
 * ever used by the loopback-bound local backend, never by a hosted project.
 */
export const DEV_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const DEV_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const DEV_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const DEV_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEV_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export interface ApiKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
}

export const devKeys: ApiKeys = {
  jwtSecret: DEV_JWT_SECRET,
  anonKey: DEV_ANON_KEY,
  serviceRoleKey: DEV_SERVICE_ROLE_KEY,
  publishableKey: DEV_PUBLISHABLE_KEY,
  secretKey: DEV_SECRET_KEY,
};
