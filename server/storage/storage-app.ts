import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { KeyedTurns } from '../lib/keyed-turns.ts';
import { registerBucketRoutes } from './routes/buckets.ts';
import { registerListingRoutes } from './routes/listing.ts';
import { registerMoveRoute } from './routes/move.ts';
import { registerObjectRoutes } from './routes/objects.ts';
import { registerSignedUrlRoutes } from './routes/signed-urls.ts';
import { answerStorageError, storageErrors } from './storage-error.ts';
import { storageRoot } from './storage-root.ts';
import type { StorageService } from './storage-service.ts';

export { storageRoot };

/**
 * `/storage/v1` for the local backend: buckets from migrations or the API, bytes on disk under
 * `<dataDir>/storage`, rows in storage.objects, and every object operation tried as the caller's
 * role inside a transaction so storage policies decide, as on hosted Supabase. CORS is the
 * gateway's (server/gateway/cors.ts), for every API prefix alike.
 */
export function createStorageApp(ctx: ServerContext): Hono {
  const service: StorageService = { db: ctx.db, keys: ctx.keys, root: storageRoot(ctx), fileTurns: new KeyedTurns() };
  const app = new Hono();
  app.onError(answerStorageError);

  registerBucketRoutes(app, service);
  // The routes under /object with a fixed word come before /object/:bucket/*, which would take them too.
  registerListingRoutes(app, service);
  registerSignedUrlRoutes(app, service);
  registerMoveRoute(app, service);
  registerObjectRoutes(app, service);

  app.all('*', (c) => {
    throw storageErrors.unsupported(`${c.req.method} ${new URL(c.req.url).pathname.replace(/^.*\/storage\/v1/, '')}`);
  });
  return app;
}
