import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { wholeBodyOf } from '../lib/whole-answer.ts';

/** Answers smaller than this travel as they are: gzip would add more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * Bodies up to this size are gzipped on the event loop: for a typical REST page (2 KiB) that takes
 * some 25 µs, where the thread-pool round trip and its stream cost the event loop about 140 µs.
 */
const SYNC_LIMIT_BYTES = 64 * 1024;

/**
 * gzip levels. On the event loop, level 1: for JSON answers up to 64 KiB it is within 1 % of level
 * 4's size (2 KiB: 330 bytes either way; 26 KiB: 2,358 against 2,332) at half the CPU (28 against
 * 53 µs for a REST page), and every request waits for the event loop. Larger answers go to the
 * thread pool at level 4: most of the saving for a fraction of the work.
 */
const SYNC_LEVEL = 1;
const ASYNC_LEVEL = 4;

const gzipAsync = promisify(gzip);

/** Appends Accept-Encoding to Vary (once): the answer depends on it whether or not it was compressed. */
function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** `gzip` or `*` in Accept-Encoding with a quality above zero. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name.toLowerCase() !== 'gzip' && name !== '*') return false;
    const quality = params.find((param) => param.toLowerCase().startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * For the JSON APIs (auth, REST), whose answers are built in memory: the body is already whole, so
 * its length is known and it is gzipped in one call, a large one on libuv's thread pool, with
 * Content-Length set either way. A body made with `wholeAnswer` is read as the string it was built
 * from, and such an answer left uncompressed keeps its Response (its headers set in place).
 */
const gzipWholeAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const whole = wholeBodyOf(res);
  if (whole === null || (whole === undefined && !res.body) || res.headers.has('Content-Encoding') || res.status === 206) return;
  const bytes = whole === undefined ? Buffer.from(await res.arrayBuffer()) : null;
  const size = bytes ? bytes.byteLength : Buffer.byteLength(whole ?? '');
  const headers = whole === undefined ? new Headers(res.headers) : res.headers;
  const type = headers.get('Content-Type') ?? '';
  const compressible = c.req.method !== 'HEAD' && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !/no-transform/i.test(headers.get('Cache-Control') ?? '');
  if (compressible) varyOnEncoding(headers);
  if (!(compressible && size >= THRESHOLD_BYTES && acceptsGzip(c.req.header('Accept-Encoding')))) {
    headers.set('Content-Length', String(size));
    if (!bytes) return;
    // Its body was read: the answer goes on with the bytes.
    c.res = undefined;
    c.res = new Response(new Uint8Array(bytes), { status: res.status, statusText: res.statusText, headers });
    return;
  }
  const plain = bytes ?? Buffer.from(whole ?? '');
  const body = size <= SYNC_LIMIT_BYTES ? gzipSync(plain, { level: SYNC_LEVEL }) : await gzipAsync(plain, { level: ASYNC_LEVEL });
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(body.byteLength));
  c.res = undefined;
  // A whole answer has no status text of its own (and asking for it builds the full Response).
  c.res = new Response(new Uint8Array(body), { status: res.status, statusText: bytes ? res.statusText : undefined, headers });
};

/**
 * gzip for text answers over 1 KiB, for clients that accept it, with Vary: Accept-Encoding.
 * Storage and functions may stream, so there Hono's compress streams too and only a declared
 * length is held against the threshold.
 */
export function apiCompression({ measure }: { measure: boolean }): MiddlewareHandler[] {
  return measure ? [gzipWholeAnswers] : [compress({ encoding: 'gzip', threshold: THRESHOLD_BYTES })];
}
