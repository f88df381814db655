import { randomUUID } from 'node:crypto';
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
  const temp = await stagingPathFor(finalPath);
  await writeFile(temp, bytes);
  return temp;
}

/**
 * Stages an existing file's bytes for `finalPath` without copying them (a hard link: the storage
 * root is one file system), for a move; null when the file is not there. Staged like an upload,
 * a move killed after its row committed is finished by recoverStagedFiles, and the source file,
 * left with no row, is removed there as an orphan.
 */
export async function stageExistingFile(existingPath: string, finalPath: string): Promise<string | null> {
  const temp = await stagingPathFor(finalPath);
  try {
    await link(existingPath, temp);
    return temp;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

async function stagingPathFor(finalPath: string): Promise<string> {
  await mkdir(path.dirname(finalPath), { recursive: true });
  return `${finalPath}.${randomUUID()}${STAGING_SUFFIX}`;
}

export async function commitFile(tempPath: string, finalPath: string): Promise<void> {
  await rename(tempPath, finalPath);
}

export async function discardFile(filePath: string): Promise<void> {
  await rm(filePath, { force: true });
}
