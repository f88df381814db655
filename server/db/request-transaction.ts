import type { PGlite, Transaction } from '@electric-sql/pglite';

/** What PostgREST and Storage put into the transaction before running a request's SQL. */
export interface RequestContext {
  /** Postgres role to run as: anon, authenticated, service_role. */
  role: string;
  /** The verified JWT claims (always containing `role`). */
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers?: Record<string, string>;
  readOnly?: boolean;
  /** Extra GUCs (e.g. storage.operation). */
  settings?: Record<string, string>;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs `fn` in one transaction as the request's role with the GUCs PostgREST sets
 * (supabase-protocol.md §3.3). PGlite is a single connection, so transactions are
 * serialised by PGlite's own queue; a thrown error rolls back.
 */
export async function withRequestTransaction<T>(
  db: PGlite,
  context: RequestContext,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!API_ROLES.has(context.role)) {
    throw Object.assign(new Error(`role "${context.role}" does not exist`), { code: '22023' });
  }
  return db.transaction(async (tx) => {
    if (context.readOnly) await tx.exec('set transaction read only');
    const settings: Record<string, string> = {
      search_path: 'public, extensions',
      'request.jwt.claims': JSON.stringify({ ...context.claims, role: context.role }),
      'request.jwt.claim.sub': typeof context.claims.sub === 'string' ? context.claims.sub : '',
      'request.jwt.claim.role': context.role,
      'request.method': context.method,
      'request.path': context.path,
      'request.headers': JSON.stringify(context.headers ?? {}),
      ...context.settings,
    };
    const names = Object.keys(settings);
    const selects = names.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`).join(', ');
    await tx.query(`select ${selects}`, names.flatMap((name) => [name, settings[name]]));
    // Role last: set_config above needs no privileges, but the role switch must come after.
    await tx.query(`select set_config('role', $1, true)`, [context.role]);
    return fn(tx);
  });
}
