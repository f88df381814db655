import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, DatabaseTransaction } from '../../server/index.ts';
import { openDatabase, runMigrations } from '../../server/testing/database.ts';

export const LUMEN_PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** An in-memory PGlite with the platform bootstrap and Lumen's real migrations (no seed). */
export async function openLumenDatabase(): Promise<Database> {
  const db = await openDatabase({ dataDir: null });
  await runMigrations(db, LUMEN_PROJECT_DIR);
  return db;
}

export interface Actor {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  /** The claim the custom access token hook adds for staff (migration …_staff_roles.sql). */
  user_role?: 'staff';
  /** A guest: signInAnonymously's session (role authenticated), as GoTrue marks it in the token. */
  is_anonymous?: boolean;
}

/** Runs `fn` as an API role with JWT claims, the way PostgREST does, and rolls back. */
export async function asActor<T>(db: Database, actor: Actor, fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      const claims = JSON.stringify({
        role: actor.role,
        ...(actor.sub ? { sub: actor.sub } : {}),
        ...(actor.user_role ? { user_role: actor.user_role } : {}),
        ...(actor.is_anonymous === undefined ? {} : { is_anonymous: actor.is_anonymous }),
      });
      await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`, [claims, actor.role]);
      result = await fn(tx);
      await tx.rollback();
    })
    .catch((error: unknown) => {
      if (result === undefined) throw error;
    });
  return result as T;
}

/** Runs one statement as a signed-in user and commits, as one PostgREST request does (asActor rolls back). */
export async function queryAsUser<T>(db: Database, sub: string, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ role: 'authenticated', sub }),
    ]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** The error a refused call ends with, its detail (the problems, as jsonb prints them) parsed. */
export async function refusal(call: Promise<unknown>): Promise<{ code?: string; message: string; problems: unknown }> {
  try {
    await call;
  } catch (error) {
    const { code, message, detail } = error as { code?: string; message: string; detail?: string };
    return { code, message, problems: detail ? JSON.parse(detail) : null };
  }
  throw new Error('the call was not refused');
}
