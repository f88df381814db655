/**
 * True when a request never reached the server: supabase-js turns the fetch TypeError into an
 * error whose message is the browser's ("Failed to fetch" in Chromium, "NetworkError…" in Firefox,
 * "Load failed" in Safari).
 */
export function isNetworkFailure(message: string | undefined): boolean {
  return /failed to fetch|networkerror|load failed|network request failed|ERR_INTERNET_DISCONNECTED/i.test(message ?? '');
}
