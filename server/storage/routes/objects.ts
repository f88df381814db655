import type { Context, Hono } from 'hono';
import { requireBucket } from '../bucket-store.ts';
import { asCaller, callerOf } from '../caller.ts';
import { discardFile } from '../object-files.ts';
import { objectNameParam } from '../object-name-param.ts';
import { assertObjectName, objectFilePath } from '../object-path.ts';
import { readDeleteBody } from '../request-bodies.ts';
import { serveObject } from '../serve-object.ts';
import type { StorageService } from '../storage-service.ts';
import { uploadObject } from '../upload-object.ts';
import { findVisibleObject } from '../visible-object.ts';

/**
 * Objects by name: download (public, authenticated, or plain), upload (POST, upsert with
 * `x-upsert: true`; PUT always upserts, as storage-js `update()` expects), and delete by names.
 * Registered after the routes with fixed words (`list`, `sign`, `move`), which `:bucket` would also match.
 */
export function registerObjectRoutes(app: Hono, service: StorageService): void {
  async function download(c: Context, asPublic: boolean): Promise<Response> {
    const bucketId = c.req.param('bucket') ?? '';
    const name = objectNameParam(c, bucketId);
    const filePath = objectFilePath(service.root, bucketId, name);
    const row = await findVisibleObject(service, c, bucketId, name, asPublic);
    return serveObject(c, filePath, name, row.metadata);
  }

  app.on(['GET', 'HEAD'], '/object/public/:bucket/*', (c) => download(c, true));
  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/*', (c) => download(c, false));
  app.on(['GET', 'HEAD'], '/object/:bucket/*', (c) => download(c, false));
  app.post('/object/:bucket/*', (c) => uploadObject(service, c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/*', (c) => uploadObject(service, c, true));

  // Rows go as the caller (delete policies decide; rows they hide are skipped, not errors), then their files.
  app.delete('/object/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    await requireBucket(service.db, bucketId);
    const { prefixes: names } = await readDeleteBody(c);
    names.forEach(assertObjectName);
    const who = await callerOf(c, service);
    const paths = names.map((name) => objectFilePath(service.root, bucketId, name));
    // In the objects' turns: an upload to one of these names must not place its bytes between the row's delete and the unlink.
    const removed = await service.fileTurns.runAll(paths, async () => {
      const rows = await asCaller(service, c, who, 'storage.object.delete', async (tx) =>
        (await tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucketId, names])).rows,
      );
      await Promise.all(rows.map((row) => discardFile(objectFilePath(service.root, bucketId, row.name))));
      return rows;
    });
    return c.json(removed);
  });
}
