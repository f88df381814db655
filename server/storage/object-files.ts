import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const STAGING_SUFFIX = '.uploading';

/** How many bytes staging adds to a file's name: `.<uuid>.uploading`. */
export const STAGING_NAME_OVERHEAD = 1 + 36 + STAGING_SUFFIX.length;

/**
 * Bytes go to a temporary file next to their final place and are renamed into it only once the
 * metadata row has committed, so a failed upload leaves neither a partial file nor a row. A
 * process killed between the steps leaves the temporary file; recoverStagedFiles settles it at
 * the next start (the name pattern `<final>.<uuid>.uploading` is what it looks for).
 */
export async function stageFile(finalPath: string, bytes: Uint8Array): Promise<string> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  const temp = `${finalPath}.${randomUUID()}${STAGING_SUFFIX}`;
  await writeFile(temp, bytes);
  return temp;
}

export async function commitFile(tempPath: string, finalPath: string): Promise<void> {
  await rename(tempPath, finalPath);
}

export async function discardFile(filePath: string): Promise<void> {
  await rm(filePath, { force: true });
}
