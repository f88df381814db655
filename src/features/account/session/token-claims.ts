/** The roles the access token hook can put in a token (public.app_role). */
export type AppRole = 'staff';

/**
 * The claims of an access token, read without verifying it (null when it cannot be read): they
 * only decide what the UI offers, and the database checks every request against the signed token.
 * Decoded here rather than with jose's decodeJwt: the session store is on the first route, and
 * this is all of it that the browser needs.
 */
export function readTokenClaims(accessToken: string): Record<string, unknown> | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    // atob gives one character per byte; the JSON is UTF-8.
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0))));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `user_role` claim (public.custom_access_token_hook), or null for a customer or an unreadable token. */
export function roleFromAccessToken(accessToken: string): AppRole | null {
  return readTokenClaims(accessToken)?.user_role === 'staff' ? 'staff' : null;
}
