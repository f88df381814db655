// What every Lumen edge function answers with: JSON bodies and, for the ones a browser calls, the
// CORS headers supabase-js needs (Supabase's documented `_shared/cors.ts` pattern). A folder whose
// name starts with "_" is not deployed as a function of its own; each function bundles what it imports.

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A JSON response; `headers` adds to the content type (CORS_HEADERS for a browser-facing function). */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': 'application/json' } });
}

/** The answer to a CORS preflight. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}
