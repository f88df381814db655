/**
 * The backend a conformance run talks to: a hosted Supabase project named by environment
 * variables, or (without LUMEN_HOSTED_URL) the local backend started in-process by global-setup.ts.
 */
export interface ConformanceTarget {
  kind: 'local' | 'hosted';
  /** API origin without a trailing slash, e.g. https://abcd.supabase.co */
  url: string;
  /** The anon JWT or the `sb_publishable_…` key: what the browser app ships with. */
  anonKey: string;
  /** The service_role JWT or an `sb_secret_…` key: creates and deletes the throwaway users. */
  serviceRoleKey: string;
  /** Domain of the throwaway users' e-mail addresses. */
  emailDomain: string;
  /** Where the built app is served (same origin locally when dist/ exists); null when unknown. */
  siteUrl: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceTarget: ConformanceTarget;
  }
}

export const HOSTED_ENV = {
  url: 'LUMEN_HOSTED_URL',
  anonKey: 'LUMEN_HOSTED_ANON_KEY',
  publishableKey: 'LUMEN_HOSTED_PUBLISHABLE_KEY',
  serviceRoleKey: 'LUMEN_HOSTED_SERVICE_ROLE_KEY',
  secretKey: 'LUMEN_HOSTED_SECRET_KEY',
  emailDomain: 'LUMEN_HOSTED_EMAIL_DOMAIN',
  siteUrl: 'LUMEN_HOSTED_SITE_URL',
} as const;

/** Reserved for documentation (RFC 2606): nothing sent there reaches a person. */
export const DEFAULT_EMAIL_DOMAIN = 'example.com';

export type HostedTargetResult = { ok: true; target: ConformanceTarget } | { ok: false; problems: string[] };

type Env = Readonly<Record<string, string | undefined>>;

function origin(value: string, name: string, problems: string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    problems.push(`${name} is not a URL: "${value}"`);
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    problems.push(`${name} must be an http(s) URL, got "${value}"`);
    return null;
  }
  if (parsed.pathname.replace(/\/+$/, '') !== '' || parsed.search || parsed.hash) {
    problems.push(`${name} must be the project's origin only (e.g. https://<ref>.supabase.co), got "${value}"`);
    return null;
  }
  return parsed.origin;
}

/**
 * The hosted target from the environment; null when LUMEN_HOSTED_URL is not set (run locally).
 * Either key variable of a pair may be used (legacy JWT keys or the newer sb_ keys).
 */
export function readHostedTarget(env: Env): HostedTargetResult | null {
  const rawUrl = env[HOSTED_ENV.url]?.trim();
  if (!rawUrl) return null;
  const problems: string[] = [];
  const url = origin(rawUrl, HOSTED_ENV.url, problems);
  const anonKey = env[HOSTED_ENV.anonKey]?.trim() || env[HOSTED_ENV.publishableKey]?.trim();
  const serviceRoleKey = env[HOSTED_ENV.serviceRoleKey]?.trim() || env[HOSTED_ENV.secretKey]?.trim();
  if (!anonKey) problems.push(`${HOSTED_ENV.anonKey} (or ${HOSTED_ENV.publishableKey}) is missing`);
  if (!serviceRoleKey) problems.push(`${HOSTED_ENV.serviceRoleKey} (or ${HOSTED_ENV.secretKey}) is missing`);
  const emailDomain = env[HOSTED_ENV.emailDomain]?.trim() || DEFAULT_EMAIL_DOMAIN;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(emailDomain)) problems.push(`${HOSTED_ENV.emailDomain} is not a domain: "${emailDomain}"`);
  const rawSite = env[HOSTED_ENV.siteUrl]?.trim();
  const siteUrl = rawSite ? origin(rawSite, HOSTED_ENV.siteUrl, problems) : null;
  if (problems.length > 0 || !url || !anonKey || !serviceRoleKey) return { ok: false, problems };
  return { ok: true, target: { kind: 'hosted', url, anonKey, serviceRoleKey, emailDomain, siteUrl } };
}

export const HOSTED_USAGE = `Usage: ${HOSTED_ENV.url}=https://<ref>.supabase.co \\
       ${HOSTED_ENV.anonKey}=<anon key> \\
       ${HOSTED_ENV.serviceRoleKey}=<service_role key> \\
       npm run check:hosted

Runs Lumen's conformance suite (supabase/conformance) and an HTTP smoke check against a hosted
Supabase project that has Lumen's migrations, functions and seeded catalog.

Required:
  ${HOSTED_ENV.url}                the project URL (Project Settings → Data API)
  ${HOSTED_ENV.anonKey}           the anon key, or ${HOSTED_ENV.publishableKey}=sb_publishable_…
  ${HOSTED_ENV.serviceRoleKey}   the service_role key, or ${HOSTED_ENV.secretKey}=sb_secret_…
                                   (creates and deletes throwaway users; never printed)
Optional:
  ${HOSTED_ENV.siteUrl}           where the built app is hosted: also checks its headers,
                                   SPA fallback and asset caching
  ${HOSTED_ENV.emailDomain}       domain of the throwaway users' addresses (default ${DEFAULT_EMAIL_DOMAIN})`;
