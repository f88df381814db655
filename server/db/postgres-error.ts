/** A Postgres error as every service reads it: PGlite's `DatabaseError` and pg's carry the same fields. */
export interface PostgresError {
  /** The SQLSTATE, five characters. */
  code: string;
  message: string;
  detail: string | null;
  hint: string | null;
}

function field(error: object, name: string): unknown {
  return name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/** The error's Postgres fields, or null when it is not a Postgres error (a bug, a network failure). */
export function postgresError(error: unknown): PostgresError | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = field(error, 'code');
  if (typeof code !== 'string' || code.length !== 5) return null;
  const text = (name: string) => {
    const value = field(error, name);
    return typeof value === 'string' ? value : null;
  };
  return { code, message: text('message') ?? 'database error', detail: text('detail'), hint: text('hint') };
}

/** The SQLSTATE of a Postgres error, or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  return postgresError(error)?.code;
}

/** Class 22: Postgres refused a value the request supplied (a NUL, a lone surrogate, an overflow) — the client's fault. */
export function isInvalidValue(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}
