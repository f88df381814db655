import { postgresError } from '../db/postgres-error.ts';

/** A PostgREST-shaped error: `{code, message, details, hint}` plus the HTTP status to answer with. */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null | unknown[];
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null | unknown[] = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body(): { code: string; message: string; details: string | null | unknown[]; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** 400 PGRST100: anything wrong with the query string. */
export function badQuery(message: string, details: string | null = null, hint: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details, hint);
}

/** 400 PGRST102: the request body is not what the verb needs. */
export function badBody(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST102', message, details);
}

/** A feature PostgREST has but this backend does not: a clear 400 naming it, never a silent difference. */
export function unsupported(feature: string): RestError {
  return new RestError(400, 'PGRST100', `Unsupported by the local backend: ${feature}`, null, 'Run against a Supabase CLI stack if you need it.');
}

/** SQLSTATE → HTTP status, as PostgREST's Error.hs maps it (supabase-protocol.md §3.5). */
export function statusForSqlState(code: string, message: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '22023' && /role .* does not exist/.test(message)) return 401;
  if (code === '21000' && message.includes('requires a WHERE clause')) return 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '57P01') return 503;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  const ptMatch = /^PT(\d{3})$/.exec(code);
  if (ptMatch) return Number(ptMatch[1]);
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return code === '53400' ? 500 : 503;
  // PostgREST answers class 54 (program limit exceeded) with 500. Every such error a request can
  // cause here is the request's own doing — an array literal past six dimensions, too many
  // arguments, a row too large to index — so it is answered as the client's error (400), not a 500.
  if (prefix === '54') return 400;
  if (['09', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'XX', '25', 'P0'].includes(prefix)) return 500;
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  if (code === '42P17') return 500;
  return 400;
}

/** Turns whatever the transaction threw into a RestError (Postgres errors keep their SQLSTATE and texts). */
export function toRestError(error: unknown, isAnon: boolean): RestError {
  if (error instanceof RestError) return error;
  const pg = postgresError(error);
  if (pg) return new RestError(statusForSqlState(pg.code, pg.message, isAnon), pg.code, pg.message, pg.detail, pg.hint);
  const message = error instanceof Error ? error.message : String(error);
  return new RestError(500, 'PGRST000', message);
}
