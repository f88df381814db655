/** The SQLSTATE of a Postgres error (PGlite's `DatabaseError.code`), or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Class 22: Postgres refused a value the request supplied (a NUL, a lone surrogate, an overflow) — the client's fault. */
export function isInvalidValue(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}
