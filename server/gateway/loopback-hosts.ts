import type { MiddlewareHandler } from 'hono';

/**
 * Answers only requests addressed to this machine by a loopback name. The server listens on
 * 127.0.0.1, but a page on evil.example whose DNS name is re-pointed at 127.0.0.1 (DNS
 * rebinding) reaches it as same-origin with `Host: evil.example`, and could then read the dev
 * mail outbox (password-reset links) or drive the API with the well-known local keys. Names a
 * proxy or tunnel in front of the server uses go into `LUMEN_ALLOWED_HOSTS` (comma-separated).
 */
export function loopbackHostsOnly(extraHosts: readonly string[] = allowedHostsFromEnv()): MiddlewareHandler {
  const allowed = loopbackHostCheck(extraHosts);
  return async (c, next) => {
    const hostname = hostnameOfUrl(c.req.url);
    if (allowed(hostname)) return next();
    return c.json(hostNotAllowed(hostname), 403);
  };
}

/**
 * The host name of a request's URL, which is already serialised (`scheme://host[:port]/…`, the
 * name lower-cased and an IPv4 address normalised): read off the string rather than parsed again,
 * as every request passes here.
 */
function hostnameOfUrl(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.slice(start).search(/[/?#]/);
  const authority = end < 0 ? url.slice(start) : url.slice(start, start + end);
  if (start < 2 || authority.includes('@')) return new URL(url).hostname;
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1);
  const colon = authority.indexOf(':');
  return colon < 0 ? authority : authority.slice(0, colon);
}

/** The same rule for what does not pass through Hono (WebSocket upgrades). */
export function loopbackHostCheck(extraHosts: readonly string[] = allowedHostsFromEnv()): (hostname: string) => boolean {
  const extra = new Set(extraHosts.map((host) => host.trim().toLowerCase()).filter(Boolean));
  return (hostname) => {
    const name = hostname.toLowerCase();
    return isLoopbackName(name) || extra.has(name);
  };
}

/** The hostname of a `Host` header ('' when it has none or cannot be parsed). */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export function hostNotAllowed(hostname: string): { code: string; message: string } {
  return { code: 'host_not_allowed', message: `This server answers only loopback names, not "${hostname}".` };
}

export function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

function allowedHostsFromEnv(): string[] {
  return (process.env.LUMEN_ALLOWED_HOSTS ?? '').split(',');
}
