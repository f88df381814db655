/**
 * Security headers sent with every response of the local server (server/gateway/security-headers-middleware.ts
 * applies them in app.ts) and written to `dist/_headers` for static hosts by scripts/postbuild.ts, from the
 * same functions.
 */
export interface CspOptions {
  /** sha256 sources of the inline scripts in index.html, e.g. `'sha256-…'`. */
  scriptHashes: string[];
  /** Extra origins the app may connect to (the hosted Supabase URL); same-origin is always allowed. */
  connectSources?: string[];
  /** Extra origins scripts may come from (Cloudflare Turnstile when the build has a CAPTCHA site key). */
  scriptSources?: string[];
  /** Origins the page may frame; without any there is no frame-src and frames fall back to default-src. */
  frameSources?: string[];
}

/** The document policy: the app's HTML and everything else the static app serves. */
export function contentSecurityPolicy({ scriptHashes, connectSources = [], scriptSources = [], frameSources = [] }: CspOptions): string {
  const connect = ["'self'", ...connectSources].join(' ');
  // Item pictures and avatars come from the hosted project's storage, so its https origin may serve images too.
  const images = ["'self'", 'data:', 'blob:', ...connectSources.filter((source) => source.startsWith('http'))].join(' ');
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes, ...scriptSources].join(' '),
    // Radix's scroll lock injects a <style> element; styles cannot run code, scripts stay hash-only
    // (a CAPTCHA build also loads Turnstile's script from its origin).
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    // Only a build with the CAPTCHA frames anything (Turnstile's challenge iframe).
    ...(frameSources.length > 0 ? [['frame-src', ...frameSources].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy for everything that is not the app's HTML (API JSON, object downloads, errors): such a
 * response, opened as a document, may load nothing, run nothing and be framed by nobody.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Every security header of the app's documents: the base set plus the document CSP. */
export function documentSecurityHeaders(options: CspOptions): Record<string, string> {
  return { ...baseSecurityHeaders, 'Content-Security-Policy': contentSecurityPolicy(options) };
}
