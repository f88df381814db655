import type { Context } from 'hono';

/**
 * Sets headers on the answer a handler produced, in place when its headers can change. A
 * Response.redirect() or a fetched response has immutable headers: it is copied once, then set.
 */
export function setAnswerHeaders(c: Context, apply: (headers: Headers) => void): void {
  try {
    apply(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}
