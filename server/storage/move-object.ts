import type { Context } from 'hono';
import { requireBucket } from './bucket-store.ts';
import { asCaller, callerOf, ownerUuid, type Caller } from './caller.ts';
import { commitFile, discardFile, stageExistingFile } from './object-files.ts';
import { objectFilePath } from './object-path.ts';
import type { MoveBody } from './request-bodies.ts';
import { storageErrors } from './storage-error.ts';
import type { StorageService } from './storage-service.ts';

/**
 * `POST /object/move` (storage-js `move`): renames an object, into another bucket when
 * `destinationBucket` is given. The row is updated as the caller, so their select and update
 * policies decide (the new name must pass the update policy's check), and a name already taken
 * is Duplicate. The bytes follow the upload's order: staged beside the destination, the row
 * committed, then renamed into place and the source file removed. The mover becomes the owner,
 * as hosted storage records it; a call without a subject (the service key) keeps the owner.
 */
export async function moveObject(service: StorageService, c: Context, body: MoveBody): Promise<{ Id: string; Key: string }> {
  const fromBucket = body.bucketId;
  const toBucket = body.destinationBucket ?? body.bucketId;
  const sourcePath = objectFilePath(service.root, fromBucket, body.sourceKey);
  const destinationPath = objectFilePath(service.root, toBucket, body.destinationKey);
  const who = await callerOf(c, service);
  await requireBucket(service.db, fromBucket);
  await requireBucket(service.db, toBucket);

  // Source and destination both: a write to either must not land between this move's row and its files.
  const plan = { fromBucket, toBucket, sourcePath, destinationPath };
  return service.fileTurns.runAll([sourcePath, destinationPath], () => moveInTurn(service, c, who, body, plan));
}

interface MovePlan {
  fromBucket: string;
  toBucket: string;
  sourcePath: string;
  destinationPath: string;
}

/** The move once it has both files' turns: bytes staged, the row as the caller, then the bytes into place. */
async function moveInTurn(service: StorageService, c: Context, who: Caller, body: MoveBody, plan: MovePlan): Promise<{ Id: string; Key: string }> {
  const { fromBucket, toBucket, sourcePath, destinationPath } = plan;
  const samePlace = sourcePath === destinationPath;
  const staged = samePlace ? null : await stageExistingFile(sourcePath, destinationPath);
  if (!samePlace && !staged) throw storageErrors.noSuchKey();
  const newOwner = who.sub === null ? '' : ', owner = $5, owner_id = $6';
  let id: string;
  try {
    id = await asCaller(service, c, who, 'storage.object.move', async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `update storage.objects set bucket_id = $3, name = $4, version = gen_random_uuid()::text, updated_at = now()${newOwner}
          where bucket_id = $1 and name = $2 returning id`,
        [fromBucket, body.sourceKey, toBucket, body.destinationKey, ...(who.sub === null ? [] : [ownerUuid(who), who.sub])],
      );
      const row = rows[0];
      if (!row) throw storageErrors.noSuchKey();
      return row.id;
    });
  } catch (error) {
    if (staged) await discardFile(staged);
    throw error;
  }
  if (staged) {
    try {
      await commitFile(staged, destinationPath);
    } catch (error) {
      // The row moved but the bytes could not follow: move the row back, where its bytes still are.
      await service.db.query('update storage.objects set bucket_id = $2, name = $3 where id = $1', [id, fromBucket, body.sourceKey]);
      await discardFile(staged);
      throw error;
    }
    await discardFile(sourcePath);
  }
  return { Id: id, Key: body.destinationKey };
}
