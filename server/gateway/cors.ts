import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import { setAnswerHeaders } from './answer-headers.ts';

/** Response headers supabase-js must be able to read from a browser (supabase-protocol.md §1.4). */
export const EXPOSED_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Type',
  'Content-Location',
  'Location',
  'x-relay-error',
  'Content-Disposition',
  'ETag',
].join(', ');

/** What every answer that is not a preflight carries. */
const ANSWER_HEADERS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSED_HEADERS.split(', ').join(',')],
];

function applyAnswerHeaders(headers: Headers): void {
  for (const [name, value] of ANSWER_HEADERS) headers.set(name, value);
  headers.delete('Access-Control-Allow-Credentials');
}

/**
 * CORS for the API prefixes as hosted Supabase's gateway sends it: any origin may call with the
 * keys it holds (`Access-Control-Allow-Origin: *`), never with the browser's credentials, so a
 * page on another site cannot ride on anything the browser would add by itself. Echoing the
 * Origin with `Allow-Credentials: true` (as this server once did, `Origin: null` included) let any
 * site read the answers. hono/cors answers preflights (204, the requested headers echoed so custom
 * global headers keep working). Other answers get their headers once the service has answered,
 * overriding what a service set by itself (GoTrue echoes the Origin with credentials): the
 * gateway decides. Set before the service answered (as hono/cors does), they would make Hono
 * rebuild the service's Response to merge them in, which in Node's adapter costs a full Response
 * with a stream for every answer.
 */
export function cors(): MiddlewareHandler {
  const preflight = honoCors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
    exposeHeaders: EXPOSED_HEADERS.split(', '),
    maxAge: 3600,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    setAnswerHeaders(c, applyAnswerHeaders);
  };
}
