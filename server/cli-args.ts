/** The command-line options every way of starting the server shares (node:util parseArgs shape). */
export const SERVER_ARGS = {
  port: { type: 'string' },
  project: { type: 'string', default: './supabase' },
  'data-dir': { type: 'string', default: './.data' },
  reset: { type: 'boolean', default: false },
  /** A real PostgreSQL instead of PGlite: postgres://user[:password]@host[:port]/database (storage objects stay under --data-dir). */
  'db-url': { type: 'string' },
} as const;

/** `--port`, else PORT, else 54321 (the Supabase CLI's API port); null when it is not a port. */
export function portFrom(arg: string | undefined): number | null {
  const port = Number(arg ?? process.env.PORT ?? 54321);
  return Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
}
