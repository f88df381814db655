import type { MiddlewareHandler } from 'hono';
import { API_CONTENT_SECURITY_POLICY, baseSecurityHeaders } from '../static/security-headers.ts';
import { setAnswerHeaders } from './answer-headers.ts';

export interface SecurityHeadersOptions {
  /** CSP for responses that carry none yet. Default: the API policy (`default-src 'none'`). */
  contentSecurityPolicy?: string;
}

/**
 * Puts the security headers on whatever response passes back through it: handlers, mounted
 * sub-apps, CORS preflights, not-found answers and `onError` results alike (Hono hands every one
 * back to the middleware that wraps it), so register it first. The base headers always win; a
 * response that already has a CSP keeps it (the static app's document policy, the mail outbox
 * page's own), any other gets `contentSecurityPolicy`.
 */
export function securityHeaders({ contentSecurityPolicy = API_CONTENT_SECURITY_POLICY }: SecurityHeadersOptions = {}): MiddlewareHandler {
  const apply = (headers: Headers): void => {
    for (const [name, value] of Object.entries(baseSecurityHeaders)) headers.set(name, value);
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy);
  };
  return async (c, next) => {
    await next();
    setAnswerHeaders(c, apply);
  };
}
