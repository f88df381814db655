import type { MiddlewareHandler } from 'hono';

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

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';
const DEFAULT_ALLOWED_HEADERS =
  'authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-retry-count, prefer, accept, ' +
  'accept-profile, content-profile, range, x-upsert, cache-control, x-metadata, x-region';

/**
 * CORS for the API prefixes as hosted Supabase's gateway sends it: any origin may call with the
 * keys it holds (`Access-Control-Allow-Origin: *`), never with the browser's credentials, so a
 * page on another site cannot ride on anything the browser would add by itself. Echoing the
 * Origin with `Allow-Credentials: true` (as this server once did, `Origin: null` included) let any
 * site read the answers. Preflights are answered here (204) with the requested headers echoed so
 * custom global headers keep working.
 */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const headers = new Headers({
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? DEFAULT_ALLOWED_HEADERS,
        'Access-Control-Max-Age': '3600',
        Vary: 'Access-Control-Request-Headers',
      });
      return new Response(null, { status: 204, headers });
    }
    await next();
    // Responses built with `new Response` may have immutable headers; rebuild when needed.
    try {
      applyCorsHeaders(c.res.headers);
    } catch {
      c.res = new Response(c.res.body, c.res);
      applyCorsHeaders(c.res.headers);
    }
  };
}

function applyCorsHeaders(headers: Headers): void {
  headers.set('Access-Control-Allow-Origin', '*');
  // A service may have said otherwise (GoTrue echoes the Origin with credentials); the gateway decides.
  headers.delete('Access-Control-Allow-Credentials');
  headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}
