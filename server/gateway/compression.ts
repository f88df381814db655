import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Answers smaller than this travel as they are: gzip would add more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * gzip for text answers over 1 KiB, for clients that accept it (Hono's compress; Vary:
 * Accept-Encoding). Its threshold reads Content-Length, which answers built in memory do not set:
 * for the JSON APIs (auth, REST) the length is measured first, so small answers stay uncompressed.
 * Storage and functions may stream, so there only a declared length is used.
 */
export function apiCompression({ measure }: { measure: boolean }): MiddlewareHandler[] {
  const gzip = compress({ encoding: 'gzip', threshold: THRESHOLD_BYTES });
  if (!measure) return [gzip];
  const measureLength: MiddlewareHandler = async (c, next) => {
    await next();
    if (!c.res.body || c.res.headers.has('Content-Length') || c.res.headers.has('Content-Encoding')) return;
    const bytes = await c.res.arrayBuffer();
    const measured = new Response(bytes, c.res);
    measured.headers.set('Content-Length', String(bytes.byteLength));
    c.res = undefined;
    c.res = measured;
  };
  return [gzip, measureLength];
}
