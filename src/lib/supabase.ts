import type { RealtimeChannel, Session, SupabaseClient as UntypedClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/types/database';

// Types only: the client itself is loaded on demand (see getSupabase).
export type { RealtimeChannel, Session };

/** The client typed by the schema (src/types/database.ts, written by `npm run gen:types`). */
export type SupabaseClient = UntypedClient<Database>;

let client: Promise<SupabaseClient> | null = null;

/**
 * Where supabase-js keeps the session (named, rather than derived from the API's host name, so
 * forgetLocalSession can clear it). One per origin, shared by the tabs: they follow each other
 * through its storage events.
 */
const AUTH_STORAGE_KEY = 'sb-lumen-auth-token';

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
    createClient<Database>(env.apiUrl(), env.supabaseKey, {
      // Prerendering (no window) reads public data only: no session to keep or refresh.
      auth: typeof window === 'undefined'
        ? { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }
        : { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: AUTH_STORAGE_KEY },
      global: { fetch: fetchSurvivingUnload },
    }),
  );
  return client;
}

/**
 * Signs this browser out without asking Auth, for a session Auth no longer knows (its user was just
 * deleted: a sign-out request would be answered 403). With the stored session gone, supabase-js's
 * local sign-out has no token to send and only clears its state, telling this tab (SIGNED_OUT) and,
 * through the storage event, the others.
 */
export async function forgetLocalSession(supabase: SupabaseClient): Promise<void> {
  for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-user`]) window.localStorage.removeItem(key);
  await supabase.auth.signOut({ scope: 'local' });
}

/** Removals still in flight, by topic: realtime-js hands back a leaving channel for its topic. */
const removals = new Map<string, Promise<unknown>>();

/**
 * Opens the realtime channel `realtime:<topic>` once the client has loaded; returns the cleanup
 * for a useEffect, which also covers an effect cleaned up before the client arrived. realtime-js
 * keeps one channel object per topic until its leave is acknowledged, and `supabase.channel(topic)`
 * returns that leaving object, on which `subscribe()` does nothing: a page that closes a topic and
 * opens it again at once (another order on the same page, an item and back) would never hear
 * SUBSCRIBED. So a topic is opened only after its previous removal has finished.
 */
export function openChannel(topic: string, build: (supabase: SupabaseClient) => RealtimeChannel, prepare?: (supabase: SupabaseClient) => Promise<void>): () => void {
  let active = true;
  const opened = (async () => {
    await removals.get(topic);
    const supabase = await getSupabase();
    await prepare?.(supabase).catch(() => undefined);
    return active ? { supabase, channel: build(supabase) } : null;
  })();
  return () => {
    if (!active) return;
    active = false;
    const removal = opened.then((open) => open?.supabase.removeChannel(open.channel)).catch(() => undefined);
    removals.set(topic, removal);
    void removal.then(() => {
      if (removals.get(topic) === removal) removals.delete(topic);
    });
  };
}

/**
 * Opens a private channel (`config: { private: true }`): realtime lets it join only when RLS on
 * realtime.messages allows the signed-in user the topic, so the join must carry the user's token.
 * realtime-js fetches the token while the socket connects, and a join sent before that (or while
 * an expired token is being refreshed) would go out as anonymous and be refused; waiting for
 * setAuth() here sends the first join with the session's token.
 */
export function openPrivateChannel(topic: string, build: (channel: RealtimeChannel) => RealtimeChannel): () => void {
  return openChannel(
    topic,
    (supabase) => build(supabase.channel(topic, { config: { private: true } })),
    (supabase) => supabase.realtime.setAuth(),
  );
}
