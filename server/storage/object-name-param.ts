import type { Context } from 'hono';
import { storageErrors } from './storage-error.ts';

/** The object name after `/<route prefix>/<bucket>/`, percent-decoded (storage-js sends it raw). */
export function objectNameParam(c: Context, bucket: string): string {
  const pathname = new URL(c.req.url).pathname;
  const marker = `/${encodeURIComponent(bucket)}/`;
  const index = pathname.indexOf(marker);
  const raw = index === -1 ? '' : pathname.slice(index + marker.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw storageErrors.invalidKey(raw);
  }
}
