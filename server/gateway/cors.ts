import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';

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

/**
 * CORS for the API prefixes as hosted Supabase's gateway sends it: any origin may call with the
 * keys it holds (`Access-Control-Allow-Origin: *`), never with the browser's credentials, so a
 * page on another site cannot ride on anything the browser would add by itself. Echoing the
 * Origin with `Allow-Credentials: true` (as this server once did, `Origin: null` included) let any
 * site read the answers. hono/cors answers preflights (204, the requested headers echoed so custom
 * global headers keep working); what is ours is only taking back a credentials grant a service
 * made by itself (GoTrue echoes the Origin with credentials): the gateway decides.
 */
export function cors(): MiddlewareHandler {
  const standard = honoCors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
    exposeHeaders: EXPOSED_HEADERS.split(', '),
    maxAge: 3600,
  });
  return (c, next) =>
    standard(c, async () => {
      await next();
      c.res.headers.delete('Access-Control-Allow-Credentials');
    });
}
