import { open, type FileHandle } from 'node:fs/promises';
import type { Context } from 'hono';
import { parseByteRange } from './byte-range.ts';
import { fileRangeStream } from './file-stream.ts';
import { storageErrorResponse, storageErrors } from './storage-error.ts';

export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
}

async function openObjectFile(filePath: string): Promise<FileHandle> {
  try {
    return await open(filePath, 'r');
  } catch {
    throw storageErrors.noSuchKey();
  }
}

/**
 * Sends an object's bytes with its stored headers; honours If-None-Match (304), Range (206, or 416
 * when unsatisfiable), HEAD and ?download. The bytes stream from the file as the client reads
 * them, never whole in memory. Size and bytes come from one open handle, so an upsert renaming a
 * new file into place mid-download cannot make Content-Length disagree with the body.
 */
export async function serveObject(c: Context, filePath: string, name: string, metadata: ObjectMetadata | null): Promise<Response> {
  const file = await openObjectFile(filePath);
  let streaming = false;
  try {
    const info = await file.stat();
    if (!info.isFile()) throw storageErrors.noSuchKey();
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

    const size = info.size;
    const range = parseByteRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      // An error body, not the object: none of the object's own headers (its Content-Type least of all).
      const rangeHeaders = { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${size}` };
      return c.req.method === 'HEAD' ? c.body(null, 416, rangeHeaders) : storageErrorResponse(c, storageErrors.invalidRange(), rangeHeaders);
    }
    const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
    headers['Content-Length'] = String(end - start + 1);
    const status = range === 'whole' ? 200 : 206;
    if (range !== 'whole') headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    // (An empty file has no byte to stream: a read stream cannot end before it starts.)
    if (size === 0) return c.body('', status, headers);

    // The stream owns the handle from here (fileRangeStream closes it).
    const body = fileRangeStream(file, start, end);
    streaming = true;
    return c.body(body, status, headers);
  } finally {
    if (!streaming) await file.close();
  }
}
