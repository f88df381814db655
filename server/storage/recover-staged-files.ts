import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { commitFile, discardFile } from './object-files.ts';

export interface StagedFilesRecovery {
  /** Staging files whose upload had committed: renamed into place (the kill came before the rename). */
  restored: number;
  /** Staging files of uploads that never committed, were superseded, or were already in place: deleted. */
  removed: number;
  /** Files with no storage.objects row: a delete killed after its commit, before the unlink. Deleted. */
  orphans: number;
}

/** `<final path>.<uuid>.uploading`, as stageFile names them. */
const STAGED = /^(.+)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.uploading$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve(entry.isFile() ? [path.join(dir, entry.name)] : []))),
  );
  return nested.flat();
}

const md5 = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/**
 * Finishes or undoes uploads that a killed process left half-done. An upload stages its bytes
 * next to the final file, commits the storage.objects row, then renames the staging file into
 * place (object-files.ts). A SIGKILL (or crash) between those steps leaves the staging file
 * behind, and when it came after the commit, a row whose bytes were never put in place.
 *
 * Run once at start-up, before the server takes requests (so no upload is in progress): a
 * staging file is renamed into place when its object's committed row names exactly its bytes
 * (the row's eTag is their MD5) and the final file does not hold them yet — the upload was
 * acknowledged-or-about-to-be and must not lose its bytes; every other staging file (upload
 * rolled back or never committed, a partial write, an older upsert) is deleted.
 */
export async function recoverStagedFiles(db: Database, root: string): Promise<StagedFilesRecovery> {
  const result: StagedFilesRecovery = { restored: 0, removed: 0, orphans: 0 };
  if (!existsSync(root)) return result;
  for (const file of await filesUnder(root)) {
    const staged = STAGED.exec(file);
    if (!staged?.[1]) continue;
    const finalPath = staged[1];
    const [bucketId, ...segments] = path.relative(root, file).split(path.sep);
    const stagedName = segments.join('/');
    const name = path.relative(path.join(root, bucketId ?? ''), finalPath).split(path.sep).join('/');
    const { rows } = await db.query<{ name: string; etag: string | null }>(
      `select name, metadata ->> 'eTag' as etag from storage.objects where bucket_id = $1 and name in ($2, $3)`,
      [bucketId, name, stagedName],
    );
    // An object may itself be called `….<uuid>.uploading`: that is a real file, not a leftover.
    if (rows.some((row) => row.name === stagedName)) continue;
    const expected = rows.find((row) => row.name === name)?.etag;
    const bytes = expected ? await readFile(file) : null;
    if (bytes && md5(bytes) === expected && !(existsSync(finalPath) && md5(await readFile(finalPath)) === expected)) {
      await commitFile(file, finalPath);
      result.restored++;
    } else {
      await discardFile(file);
      result.removed++;
    }
  }
  result.orphans = await removeOrphanedFiles(db, root);
  return result;
}

/**
 * A delete commits the row's removal, then unlinks the file (object-files.ts); a kill between the
 * two leaves bytes nobody can reach or list. With no request in flight, any file without a row is
 * such a leftover.
 */
async function removeOrphanedFiles(db: Database, root: string): Promise<number> {
  const { rows } = await db.query<{ key: string }>(`select bucket_id || '/' || name as key from storage.objects`);
  const known = new Set(rows.map((row) => row.key));
  let removed = 0;
  for (const file of await filesUnder(root)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    if (known.has(key)) continue;
    await discardFile(file);
    removed++;
  }
  return removed;
}
