/**
 * The Postgres roles every API switches to for a request, as on hosted Supabase: PostgREST, Storage
 * and Realtime's authorization all run a caller's SQL as one of these, named by the JWT's `role`.
 * A token naming any other role (postgres, supabase_admin) gets nowhere.
 */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

const known: ReadonlySet<string> = new Set(API_ROLES);

export function isApiRole(role: unknown): role is ApiRole {
  return typeof role === 'string' && known.has(role);
}
