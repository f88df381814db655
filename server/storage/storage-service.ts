import type { ServerContext } from '../context.ts';

/** What every storage route needs: the database, the keys that authenticate callers, and where bytes live. */
export interface StorageService extends Pick<ServerContext, 'db' | 'keys'> {
  /** `storageRoot(ctx)`: objects are files under `<root>/<bucket>/<name>`. */
  root: string;
}

/** Bytes per object at most, whatever a bucket allows (the CLI's default `file_size_limit`). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
