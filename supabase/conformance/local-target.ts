import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { seedCatalog } from '../seed/seed-catalog.ts';
import { createApp } from '../../server/app.ts';
import { startDatabaseWorkers } from '../../server/database-workers.ts';
import { openBackend } from '../../server/backend-context.ts';
import { createNodeSupabaseClient } from '../../server/lib/node-supabase-client.ts';
import { attachRealtime, createRealtime } from '../../server/realtime/index.ts';
import { storageRoot } from '../../server/storage/storage-app.ts';
import { DEFAULT_EMAIL_DOMAIN, type ConformanceTarget } from './target.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Enough items for paging and for each conformance file to order a different one. */
export const LOCAL_CATALOG_ITEMS = 48;

export interface LocalTarget {
  target: ConformanceTarget;
  close(): Promise<void>;
}

/**
 * Lumen's whole backend as `npm start` runs it — real migrations and functions from ./supabase,
 * realtime on the same port, the demo catalog seeded through the API with its images — in this
 * process, on an ephemeral loopback port, with an in-memory database. The built app is served
 * too when dist/ exists, so the smoke check's site checks have something to load.
 */
export async function startLocalTarget(): Promise<LocalTarget> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The functions' SUPABASE_URL comes from publicUrl when the app is built: the port comes first.
  const { ctx } = await openBackend({ projectDir: path.join(ROOT_DIR, 'supabase'), dataDir: null, publicUrl: url });
  const realtime = createRealtime(ctx);
  const distDir = path.join(ROOT_DIR, 'dist');
  const hasBuild = existsSync(path.join(distDir, 'index.html')) && existsSync(path.join(distDir, 'build-manifest.json'));
  // The suite signs in dozens of throwaway users from one address: per-IP limits off, as in the CLI's stack.
  const app = await createApp({ backend: ctx, realtime, auth: { bcryptCost: 4, perIpLimits: false }, ...(hasBuild ? { distDir } : {}) });
  handle = getRequestListener(app.fetch);
  attachRealtime(server, realtime);
  const workers = await startDatabaseWorkers(ctx, app.fetch);

  const close = async () => {
    await realtime.close().catch(() => undefined);
    await workers.stop().catch(() => undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.db.close();
    // In-memory mode keeps object bytes in a per-process temporary folder.
    await rm(path.dirname(storageRoot(ctx)), { recursive: true, force: true });
  };

  try {
    await seedCatalog(createNodeSupabaseClient(url, ctx.keys.serviceRoleKey), { items: LOCAL_CATALOG_ITEMS, images: true });
  } catch (error) {
    await close();
    throw error;
  }

  return {
    target: {
      kind: 'local',
      url,
      anonKey: ctx.keys.anonKey,
      serviceRoleKey: ctx.keys.serviceRoleKey,
      emailDomain: DEFAULT_EMAIL_DOMAIN,
      siteUrl: hasBuild ? url : null,
    },
    close,
  };
}
