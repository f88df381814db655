import { createClient } from '@supabase/supabase-js';
import { CORS_HEADERS, json as jsonResponse, preflight } from '../_shared/http.ts';

export interface DeleteAccountOptions {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Tests route the admin client into an in-process backend; the runtime's fetch otherwise. */
  fetch?: typeof fetch;
}

const json = (status: number, body: unknown): Response => jsonResponse(status, body, CORS_HEADERS);

const AVATAR_PAGE = 100;

type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;
type RealtimeTransport = NonNullable<NonNullable<ClientOptions['realtime']>['transport']>;

/**
 * This function never opens a realtime channel, but supabase-js builds a realtime client anyway and
 * refuses to start on a runtime without a global WebSocket (Node 20 under an edge shim). Handing it
 * a transport that is never constructed keeps the function independent of the runtime's WebSocket.
 */
const NoRealtime = function NoRealtime(): never {
  throw new Error('delete-account does not use realtime');
} as unknown as RealtimeTransport;

/**
 * Deletes the caller's own account. The user comes from the caller's access token only — the body
 * names nobody — so nobody can delete someone else. Order matters: the avatar files, which the
 * database cannot cascade to, go first and the auth user last, so a failure leaves an account that
 * can retry. Removing the auth user does the rest through the tables' foreign keys: profile, cart,
 * saved addresses and every session go (signed out everywhere); past orders stay, unlinked (set null).
 */
export function createDeleteAccountHandler({ supabaseUrl, serviceRoleKey, fetch: fetchImpl }: DeleteAccountOptions) {
  return async function handleDeleteAccount(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return json(405, { code: 'method_not_allowed', message: 'Use POST to delete your account.' });

    const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
    if (!token) return json(401, { code: 'unauthorized', message: 'Sign in to delete your account.' });

    const admin = createClient(supabaseUrl, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: fetchImpl ? { fetch: fetchImpl } : {},
      realtime: { transport: NoRealtime },
    });
    // getUser asks Auth, so a revoked session or a key without a user (anon, service role) is refused.
    const { data: userData, error: userError } = await admin.auth.getUser(token);
    const user = userData.user;
    if (userError || !user) return json(401, { code: 'unauthorized', message: 'Your session has ended. Sign in again to delete your account.' });

    const body: unknown = await request.json().catch(() => null);
    if (typeof body !== 'object' || body === null || (body as { confirm?: unknown }).confirm !== true) {
      return json(400, { code: 'confirmation_required', message: 'Send {"confirm": true} to delete your account.' });
    }

    const avatars = admin.storage.from('avatars');
    for (;;) {
      const { data: files, error } = await avatars.list(user.id, { limit: AVATAR_PAGE });
      if (error) return json(500, { code: 'storage_error', message: `Your avatar could not be removed: ${error.message}` });
      if (files.length === 0) break;
      const removed = await avatars.remove(files.map((file) => `${user.id}/${file.name}`));
      if (removed.error) return json(500, { code: 'storage_error', message: `Your avatar could not be removed: ${removed.error.message}` });
      if (files.length < AVATAR_PAGE) break;
    }

    const { error: deleteError } = await admin.auth.admin.deleteUser(user.id);
    if (deleteError) return json(500, { code: 'auth_error', message: deleteError.message });
    return json(200, { deleted: true });
  };
}
