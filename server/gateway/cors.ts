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
 * Permissive CORS for the API prefixes, like the CLI's Kong: any origin, preflights answered
 * here (204) with the requested headers echoed so custom global headers keep working.
 */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const headers = new Headers({
        'Access-Control-Allow-Origin': origin ?? '*',
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? DEFAULT_ALLOWED_HEADERS,
        'Access-Control-Max-Age': '3600',
        Vary: 'Origin, Access-Control-Request-Headers',
      });
      if (origin) headers.set('Access-Control-Allow-Credentials', 'true');
      return new Response(null, { status: 204, headers });
    }
    await next();
    // Responses built with `new Response` may have immutable headers; rebuild when needed.
    try {
      applyCorsHeaders(c.res.headers, origin);
    } catch {
      c.res = new Response(c.res.body, c.res);
      applyCorsHeaders(c.res.headers, origin);
    }
  };
}

function applyCorsHeaders(headers: Headers, origin: string | undefined): void {
  headers.set('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    headers.set('Access-Control-Allow-Credentials', 'true');
    headers.append('Vary', 'Origin');
  }
  headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}
