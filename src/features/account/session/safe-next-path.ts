/** Any origin serves to resolve a path and see whether it leaves it; this one needs no window. */
const BASE_ORIGIN = 'http://app.invalid';

/**
 * The `next` parameter of /sign-in, accepted only as a path on this origin: "//evil.test",
 * "https://evil.test" or "/\\evil.test" would otherwise send a freshly signed-in user elsewhere.
 */
export function safeNextPath(next: string | null | undefined, origin = BASE_ORIGIN, fallback = '/account'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
