import type { Context } from 'hono';
import { findBucket } from './bucket-store.ts';
import { asCaller, callerOf } from './caller.ts';
import type { ObjectMetadata } from './serve-object.ts';
import { storageErrors } from './storage-error.ts';
import type { StorageService } from './storage-service.ts';

export interface VisibleObject {
  id: string;
  metadata: ObjectMetadata | null;
}

/**
 * The object's row if the caller may read it: in a public bucket anyone may (read as the
 * platform); in a private one the caller's select policies decide, and an invisible row is
 * NoSuchKey, as hosted storage answers. `asPublic` (the public URL route) also requires the
 * bucket to be public.
 */
export async function findVisibleObject(service: StorageService, c: Context, bucketId: string, name: string, asPublic: boolean): Promise<VisibleObject> {
  const bucket = await findBucket(service.db, bucketId);
  if (!bucket || (asPublic && !bucket.public)) throw storageErrors.noSuchBucket();
  const select = 'select id, metadata from storage.objects where bucket_id = $1 and name = $2';
  const row = bucket.public
    ? (await service.db.query<VisibleObject>(select, [bucketId, name])).rows[0]
    : await asCaller(service, c, await callerOf(c, service), 'storage.object.get_authenticated', async (tx) =>
        (await tx.query<VisibleObject>(select, [bucketId, name])).rows[0],
      );
  if (!row) throw storageErrors.noSuchKey();
  return row;
}
