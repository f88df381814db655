import { readFile, stat } from 'node:fs/promises';
import type { Context } from 'hono';
import { storageErrors } from './storage-error.ts';

export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
}

/** Sends an object's bytes with its stored headers; honours If-None-Match, Range and ?download. */
export async function serveObject(c: Context, filePath: string, name: string, metadata: ObjectMetadata | null): Promise<Response> {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) throw storageErrors.noSuchKey();
  const headers: Record<string, string> = {
    'Content-Type': metadata?.mimetype ?? 'application/octet-stream',
    'Cache-Control': metadata?.cacheControl ?? 'no-cache',
    'Last-Modified': new Date(metadata?.lastModified ?? info.mtime).toUTCString(),
    'Accept-Ranges': 'bytes',
  };
  if (metadata?.eTag) headers.ETag = metadata.eTag;
  const download = c.req.query('download');
  if (download !== undefined) {
    const filename = download || name.split('/').pop() || 'download';
    headers['Content-Disposition'] = `attachment; filename="${encodeURIComponent(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  if (metadata?.eTag && c.req.header('if-none-match') === metadata.eTag) return c.body(null, 304, headers);

  const bytes = await readFile(filePath);
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
  if (range && (range[1] || range[2])) {
    const size = bytes.length;
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    }
    const part = bytes.subarray(start, end + 1);
    const partHeaders = { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(part.length) };
    return c.req.method === 'HEAD' ? c.body(null, 206, partHeaders) : c.body(part, 206, partHeaders);
  }
  headers['Content-Length'] = String(bytes.length);
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(bytes, 200, headers);
}
