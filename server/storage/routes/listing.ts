import type { Hono } from 'hono';
import { requireBucket } from '../bucket-store.ts';
import { asCaller, callerOf } from '../caller.ts';
import { listBase, listEntries, type ObjectRow } from '../list-entries.ts';
import { readListBody } from '../request-bodies.ts';
import type { StorageService } from '../storage-service.ts';

/** `POST /object/list/:bucket` (storage-js `list()`): the rows the caller's select policies show, one level deep. */
export function registerListingRoutes(app: Hono, service: StorageService): void {
  app.post('/object/list/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    await requireBucket(service.db, bucketId);
    const body = await readListBody(c);
    const base = listBase(body.prefix);
    const rows = await asCaller(service, c, await callerOf(c, service), 'storage.object.list', async (tx) =>
      (
        await tx.query<ObjectRow>(
          `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
            where bucket_id = $1 and starts_with(name, $2) order by name`,
          [bucketId, base],
        )
      ).rows,
    );
    return c.json(listEntries(rows, base, body));
  });
}
