/**
 * Security headers sent with every response of the local server (and written to
 * `dist/_headers` for static hosts by scripts/postbuild.ts, from the same function).
 */
export interface CspOptions {
  /** sha256 sources of the inline scripts in index.html, e.g. `'sha256-…'`. */
  scriptHashes: string[];
  /** Extra origins the app may connect to (the hosted Supabase URL); same-origin is always allowed. */
  connectSources?: string[];
}

export function contentSecurityPolicy({ scriptHashes, connectSources = [] }: CspOptions): string {
  const connect = ["'self'", ...connectSources].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Radix's scroll lock injects a <style> element; styles cannot run code, scripts stay hash-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
