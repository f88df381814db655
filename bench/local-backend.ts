import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createApp } from '../server/app.ts';
import { openBackend } from '../server/backend-context.ts';
import type { ServerContext } from '../server/context.ts';
import { createNodeSupabaseClient } from '../server/lib/node-supabase-client.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocalBackend {
  ctx: ServerContext;
  url: string;
  client(key: string): SupabaseClient;
  close(): Promise<void>;
}

/** Lumen's backend on an ephemeral loopback port with a throwaway data directory. */
export async function startLocalBackend(): Promise<LocalBackend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-bench-'));
  const placeholder = 'http://127.0.0.1:0';
  const { ctx } = await openBackend({ projectDir: path.join(ROOT_DIR, 'supabase'), dataDir, publicUrl: placeholder });
  const app = await createApp({ backend: ctx });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.publicUrl = url;
  return {
    ctx,
    url,
    client: (key) => createNodeSupabaseClient(url, key),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
