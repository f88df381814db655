import type { ApiKeys } from './keys.ts';

/**
 * The CLI gateway's Authorization rewrite (supabase-protocol.md §1.3):
 * an explicit bearer wins unless it is an opaque `sb_…` key; otherwise the apikey
 * is mapped (secret → service_role JWT, publishable → anon JWT, legacy JWT as is).
 * Returns the bearer token to verify, or null when the request carries no credential
 * (the CLI gateway treats that as anon).
 */
export function resolveBearer(
  authorization: string | undefined | null,
  apikey: string | undefined | null,
  keys: ApiKeys,
): string | null {
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer && !bearer.startsWith('sb_')) return bearer;
  return mapApiKey(apikey ?? bearer ?? null, keys);
}

export function mapApiKey(apikey: string | null, keys: ApiKeys): string | null {
  if (!apikey) return null;
  if (apikey === keys.secretKey) return keys.serviceRoleKey;
  if (apikey === keys.publishableKey) return keys.anonKey;
  // Unknown sb_ keys stay as they are and fail JWT verification downstream.
  return apikey;
}
