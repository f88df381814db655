import type { ServerContext } from '../context.ts';
import type { KeyedTurns } from '../lib/keyed-turns.ts';

/** What every storage route needs: the database, the keys that authenticate callers, and where bytes live. */
export interface StorageService extends Pick<ServerContext, 'db' | 'keys'> {
  /** `storageRoot(ctx)`: objects are files under `<root>/<bucket>/<name>`. */
  root: string;
  /**
   * Turns per object file: a write's row and its bytes are two steps (the row commits, then the
   * file moves into place), and two writes to one object must not cross between them, or the bytes
   * on disk would be one upload's and the row's size and eTag the other's.
   */
  fileTurns: KeyedTurns;
}

/** Bytes per object at most, whatever a bucket allows (the CLI's default `file_size_limit`). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
