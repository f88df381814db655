import path from 'node:path';
import { tmpdir } from 'node:os';
import type { ServerContext } from '../context.ts';

/** Where object bytes live: `<dataDir>/storage`, or a per-process temporary folder in memory mode. */
export function storageRoot(ctx: Pick<ServerContext, 'dataDir'>): string {
  return path.join(ctx.dataDir ?? path.join(tmpdir(), `lumen-storage-${process.pid}`), 'storage');
}
