import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Hono } from 'hono';
import WebSocket from 'ws';

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

/**
 * A supabase-js client for Node-side code (tests, seeding, benchmarks): no session persistence,
 * no auto refresh, and the `ws` transport because Node 20 has no global WebSocket (realtime-js
 * insists on one even when never connected). With `app`, requests go to the app in-process.
 */
export function createNodeSupabaseClient(url: string, key: string, app?: Hono): SupabaseClient {
  return createClient(url, key, {
    ...(app ? { global: { fetch: (async (input, init) => app.fetch(new Request(input, init))) as typeof fetch } } : {}),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
  });
}
