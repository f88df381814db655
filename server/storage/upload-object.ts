import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { mimeAllowed, requireBucket } from './bucket-store.ts';
import { asCaller, callerOf, ownerUuid, type Caller } from './caller.ts';
import { commitFile, discardFile, stageFile } from './object-files.ts';
import { objectNameParam } from './object-name-param.ts';
import { objectFilePath } from './object-path.ts';
import { readUpload } from './request-bodies.ts';
import { storageErrors } from './storage-error.ts';
import { GLOBAL_FILE_SIZE_LIMIT, type StorageService } from './storage-service.ts';

/**
 * `POST|PUT /object/:bucket/*`: checks the bucket's limits, stages the bytes, inserts (or with
 * `upsert` replaces) the row as the caller so the insert policies decide, and only once that
 * committed puts the bytes in place (object-files.ts explains the order).
 */
export async function uploadObject(service: StorageService, c: Context, upsert: boolean): Promise<Response> {
  const bucketId = c.req.param('bucket') ?? '';
  const name = objectNameParam(c, bucketId);
  const finalPath = objectFilePath(service.root, bucketId, name);
  const who = await callerOf(c, service);
  const bucket = await requireBucket(service.db, bucketId);
  const { bytes, mimetype, cacheControl, userMetadata } = await readUpload(c);
  if (bytes.length > Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT)) throw storageErrors.tooLarge();
  if (!mimeAllowed(bucket, mimetype)) throw storageErrors.invalidMime(mimetype);

  const metadata = {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
  const temp = await stageFile(finalPath, bytes);
  const id = await service.fileTurns.run(finalPath, () => placeObject(service, c, { who, bucketId, name, finalPath, temp, upsert, metadata, userMetadata }));
  return c.json({ Id: id, Key: `${bucketId}/${name}` });
}

interface Placement {
  who: Caller;
  bucketId: string;
  name: string;
  finalPath: string;
  /** The staged bytes. */
  temp: string;
  upsert: boolean;
  metadata: Record<string, unknown>;
  userMetadata: unknown;
}

/** The row as the caller, then the staged bytes into place (in the object's turn); answers the row's id. */
async function placeObject(service: StorageService, c: Context, placement: Placement): Promise<string> {
  const { who, bucketId, name, finalPath, temp, upsert, metadata, userMetadata } = placement;
  let id: string;
  try {
    const conflict = upsert
      ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
      : '';
    id = await asCaller(service, c, who, upsert ? 'storage.object.upload_upsert' : 'storage.object.upload', async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, gen_random_uuid()::text) ${conflict} returning id`,
        [bucketId, name, ownerUuid(who), who.sub, JSON.stringify(metadata), userMetadata === null ? null : JSON.stringify(userMetadata)],
      );
      const row = rows[0];
      if (!row) throw storageErrors.accessDenied();
      return row.id;
    });
  } catch (error) {
    await discardFile(temp);
    throw error;
  }
  try {
    await commitFile(temp, finalPath);
  } catch (error) {
    // The row committed but the bytes could not be placed: take the row back so none is orphaned.
    await service.db.query('delete from storage.objects where id = $1', [id]);
    await discardFile(temp);
    throw error;
  }
  return id;
}
