import type { SendRequest } from './net-worker.ts';

/**
 * Inside a Supabase stack the database reaches the project's API gateway as http://kong:8000
 * (the CLI's and self-hosting's network alias for Kong). Requests pg_net sends there are served by
 * this server's own app in-process, whatever port it listens on; every other address is fetched.
 */
export const GATEWAY_ORIGINS = new Set(['http://kong:8000']);

export function sendThroughGateway(gateway: (request: Request) => Response | Promise<Response>, publicUrl: string): SendRequest {
  return async (request) => {
    const url = new URL(request.url);
    if (!GATEWAY_ORIGINS.has(url.origin)) return fetch(request);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const target = new URL(`${url.pathname}${url.search}`, publicUrl);
    return gateway(new Request(target, { method: request.method, headers: request.headers, body, signal: request.signal }));
  };
}
