import type { DatabaseTransaction } from '../db/database.ts';
import type { Context } from 'hono';
import { withRequestTransaction } from '../db/request-transaction.ts';
import { sqlState } from '../db/postgres-error.ts';
import { authenticateRequest } from '../gateway/authenticate-request.ts';
import type { StorageService } from './storage-service.ts';
import { storageErrors, StorageError } from './storage-error.ts';

/** Who is calling: the Postgres role their key or JWT maps to, its claims, and the JWT subject. */
export interface Caller {
  role: string;
  claims: Record<string, unknown>;
  sub: string | null;
}

export async function callerOf(c: Context, service: Pick<StorageService, 'keys'>): Promise<Caller> {
  const credential = await authenticateRequest({ header: (name) => c.req.header(name) }, service.keys);
  if (!credential.ok) throw storageErrors.accessDenied(credential.message);
  const sub = typeof credential.claims.sub === 'string' ? credential.claims.sub : null;
  return { role: credential.role, claims: credential.claims, sub };
}

/** `owner` is the subject when it is a uuid (hosted storage's deprecated column); `owner_id` keeps any subject. */
export function ownerUuid(who: Caller): string | null {
  return who.sub && /^[0-9a-f-]{36}$/i.test(who.sub) ? who.sub : null;
}

/**
 * Runs `fn` as the caller's role in a transaction carrying the request's GUCs and
 * `storage.operation`, so storage policies decide as on hosted Supabase (supabase-protocol.md §4.5).
 * What Postgres refuses becomes storage's error: RLS → AccessDenied, a taken name → Duplicate.
 */
export function asCaller<T>(
  service: Pick<StorageService, 'db'>,
  c: Context,
  who: Caller,
  operation: string,
  fn: (tx: DatabaseTransaction) => Promise<T>,
): Promise<T> {
  return withRequestTransaction(
    service.db,
    {
      role: who.role,
      claims: who.claims,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      settings: { 'storage.operation': operation, 'storage.allow_delete_query': 'true' },
    },
    fn,
  ).catch((error: unknown) => {
    if (error instanceof StorageError) throw error;
    if (sqlState(error) === '42501') throw storageErrors.accessDenied();
    if (sqlState(error) === '23505') throw storageErrors.duplicate();
    if (sqlState(error) === '22023') throw storageErrors.accessDenied(error instanceof Error ? error.message : 'invalid role');
    throw error;
  });
}
