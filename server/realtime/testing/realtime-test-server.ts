import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../db/database.ts';
import { getRequestListener } from '@hono/node-server';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { WebSocket } from 'ws';
import { signJwt } from '../../gateway/jwt.ts';
import { devKeys } from '../../gateway/keys.ts';
import { attachRealtime, createRealtime, type Realtime } from '../index.ts';
import type { RealtimeOptions } from '../realtime-options.ts';

export interface RealtimeTestServer {
  url: string;
  port: number;
  realtime: Realtime;
  close(): Promise<void>;
}

/** The realtime service on an ephemeral loopback port, wired the way the app wires it. */
export async function startRealtimeServer(
  db: Database,
  options: Partial<RealtimeOptions> & { port?: number } = {},
): Promise<RealtimeTestServer> {
  const { port: wantedPort, ...overrides } = options;
  const realtime = createRealtime({ db, keys: devKeys }, overrides);
  const app = new Hono();
  app.route('/realtime/v1', realtime.broadcastApp);
  const server: Server = createServer(getRequestListener(app.fetch));
  attachRealtime(server, realtime);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wantedPort ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    realtime,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ClientOptions {
  key?: string;
  /** Called on connect and on setAuth(); return a user JWT to act as that user. */
  accessToken?: () => Promise<string>;
  vsn?: '1.0.0' | '2.0.0';
}

export function realtimeClient(url: string, options: ClientOptions = {}): SupabaseClient {
  return createClient(url, options.key ?? devKeys.publishableKey, {
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      // Node 20 has no global WebSocket.
      // ws's constructor typing differs from the DOM-shaped one realtime-js declares.
      transport: WebSocket as unknown as WebSocketLikeConstructor,
      reconnectAfterMs: () => 100,
      ...(options.vsn ? { vsn: options.vsn } : {}),
    },
  });
}

/**
 * A client acting as a user. supabase-js fetches the token asynchronously after creation; waiting
 * for it keeps the first join from going out with the anon key.
 */
export async function userClient(url: string, token: () => string, options: ClientOptions = {}): Promise<SupabaseClient> {
  const client = realtimeClient(url, { ...options, accessToken: async () => token() });
  await client.realtime.setAuth();
  return client;
}

export function userToken(sub: string, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    { sub, role: 'authenticated', aud: 'authenticated', exp: now + expiresInSeconds, iat: now, session_id: `session-${sub}` },
    devKeys.jwtSecret,
  );
}

/** Polls until `check` returns a value (not wall-clock assertions: only a generous ceiling). */
export async function waitFor<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function subscribed(channel: { subscribe(cb: (status: string, err?: Error) => void): unknown }): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}
