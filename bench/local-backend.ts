import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createNodeSupabaseClient, startBackend, type ServerContext } from '../server/index.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocalBackend {
  ctx: ServerContext;
  url: string;
  /** A client over the network, as a browser reaches the backend. */
  client(key: string): SupabaseClient;
  close(): Promise<void>;
}

/**
 * Lumen's backend as `npm start` runs it, on an ephemeral loopback port with a throwaway data
 * directory: PGlite in its worker thread, or with `databaseUrl` the real PostgreSQL database there
 * (`npm start -- --db-url`), the directory then holding only storage's files.
 */
export async function startLocalBackend(options: { databaseUrl?: string } = {}): Promise<LocalBackend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-bench-'));
  try {
    const data = options.databaseUrl ? { databaseUrl: options.databaseUrl, dir: dataDir } : { dir: dataDir };
    const backend = await startBackend({ projectDir: path.join(ROOT_DIR, 'supabase'), data, port: 0 });
    return {
      ctx: backend.ctx,
      url: backend.url,
      client: (key) => createNodeSupabaseClient(backend.url, key),
      async close() {
        await backend.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
