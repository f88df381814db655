import type { DatabaseTransaction } from '../db/database.ts';
import { contentTypeOf, type PlanMedia } from './media-type.ts';

/** Postgres' json type: EXPLAIN's JSON comes back as Postgres wrote it, not re-encoded. */
const JSON_OID = 114;

/**
 * EXPLAIN of the statement that would have answered, as PostgREST runs it for
 * `Accept: application/vnd.pgrst.plan[+json|+text]` with db-plan-enabled: its format, then the
 * options in PostgREST's order (analyze, verbose, settings, buffers, wal). Each result row is a
 * line of the body (text format has one per line, JSON one in all).
 */
export async function explainStatement(tx: DatabaseTransaction, media: PlanMedia, sql: string): Promise<string> {
  const options = [`format ${media.format}`, ...media.options].join(', ');
  const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain (${options}) ${sql}`, [], { rawTypes: [JSON_OID] });
  return rows.map((row) => `${row['QUERY PLAN']}\n`).join('');
}

/** The plan answer: 200 with the plan type (its `for` and options) as Content-Type, nothing else. */
export function planResponse(media: PlanMedia, body: string, head: boolean): Response {
  return new Response(head ? null : body, { status: 200, headers: { 'Content-Type': contentTypeOf(media) } });
}
