import type { RealtimeChannel, Session, SupabaseClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

// Types only: the client itself is loaded on demand (see getSupabase).
export type { RealtimeChannel, Session, SupabaseClient };

let client: Promise<SupabaseClient> | null = null;

/** Browsers cap keepalive bodies at 64 KiB in total; uploads are larger and are not sent this way. */
const KEEPALIVE_MAX_BODY = 60 * 1024;

/**
 * Small writes (a cart line, an order, a profile name) are sent with `keepalive`, so leaving or
 * reloading the page right after a change does not abort it: the optimistic screen already showed
 * it, and it must reach the server. Reads and uploads go as usual.
 */
function fetchSurvivingUnload(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? 'GET').toUpperCase();
  const body = init?.body;
  const small = body == null || (typeof body === 'string' && body.length <= KEEPALIVE_MAX_BODY);
  const inBrowser = typeof window !== 'undefined';
  return fetch(input, inBrowser && method !== 'GET' && method !== 'HEAD' && small ? { ...init, keepalive: true } : init);
}

/**
 * The app's one Supabase client; every feature's api/ goes through it. supabase-js (auth,
 * realtime, storage, functions: about 55 KiB gzip) is its own chunk, requested as the app starts
 * (src/app/main.tsx), so the shell paints without waiting for it and data calls wait at most for
 * that one download. docs/decisions/005-first-route-budget.md has the figures.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(env.apiUrl(), env.supabaseKey, {
      // Prerendering (no window) reads public data only: no session to keep or refresh.
      auth: typeof window === 'undefined'
        ? { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }
        : { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      global: { fetch: fetchSurvivingUnload },
    }),
  );
  return client;
}

/**
 * Opens a realtime channel once the client has loaded; returns the cleanup for a useEffect,
 * which also covers an effect cleaned up before the client arrived.
 */
export function openChannel(build: (supabase: SupabaseClient) => RealtimeChannel): () => void {
  let active = true;
  let channel: RealtimeChannel | null = null;
  void getSupabase().then((supabase) => {
    if (active) channel = build(supabase);
  });
  return () => {
    active = false;
    const open = channel;
    if (open) void getSupabase().then((supabase) => supabase.removeChannel(open));
  };
}
