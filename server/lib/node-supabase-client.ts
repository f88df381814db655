import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** An app answering requests in-process (a Hono app, or a backend's counted dispatch). */
export interface InProcessApp {
  fetch(request: Request): Response | Promise<Response>;
}

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

/**
 * A supabase-js client for Node-side code (tests, seeding, benchmarks): no session persistence,
 * no auto refresh, and the `ws` transport because Node 20 has no global WebSocket (realtime-js
 * insists on one even when never connected). With `app`, requests go to the app in-process.
 */
export function createNodeSupabaseClient(url: string, key: string, app?: InProcessApp): SupabaseClient {
  return createClient(url, key, {
    ...(app ? { global: { fetch: (async (input, init) => app.fetch(new Request(input, init))) as typeof fetch } } : {}),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
  });
}
