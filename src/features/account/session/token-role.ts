/** The roles the access token hook can put in a token (public.app_role). */
export type AppRole = 'staff';

/**
 * The `user_role` claim of an access token (public.custom_access_token_hook), or null for a
 * customer or a token that cannot be read. Read without verifying: it only decides what the UI
 * offers; every staff action is checked again by the database against the signed token.
 */
export function roleFromAccessToken(accessToken: string): AppRole | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    const role = typeof claims === 'object' && claims !== null && 'user_role' in claims ? claims.user_role : null;
    return role === 'staff' ? role : null;
  } catch {
    return null;
  }
}
