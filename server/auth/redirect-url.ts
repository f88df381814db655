import type { AuthConfig } from '../config/project-config.ts';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** GoTrue-style glob: `**` matches anything, `*` anything but `/`. */
function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/**
 * GoTrue's redirect_to check: allowed when it is on the site URL's origin, on the server's own
 * origin, or matches additional_redirect_urls; anything else falls back to site_url so mailed
 * links cannot be turned into open redirects.
 */
export function safeRedirect(requested: string | undefined | null, config: AuthConfig, publicUrl: string): string {
  if (!requested) return config.site_url;
  const origin = originOf(requested);
  if (!origin) return config.site_url;
  if (origin === originOf(config.site_url) || origin === originOf(publicUrl)) return requested;
  if (config.additional_redirect_urls.some((pattern) => pattern === requested || globToRegExp(pattern).test(requested))) {
    return requested;
  }
  return config.site_url;
}
