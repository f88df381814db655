import type { Context } from 'hono';

/**
 * The client address per-client limits are keyed by (auth's per-IP limits, the gateway's fair
 * admission): the socket's peer, or "local" for in-process calls. A header is believed only when
 * `trustedHeader` names one (GoTrue's GOTRUE_RATE_LIMIT_HEADER), for a proxy in front that sets it;
 * otherwise anyone could rotate X-Forwarded-For to get a fresh bucket or a fresh queue.
 */
export function clientAddress(c: Context, trustedHeader?: string): string {
  if (trustedHeader) {
    const forwarded = c.req.header(trustedHeader)?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}
