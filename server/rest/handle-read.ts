import type { DatabaseTransaction } from '../db/database.ts';
import { contentTypeOf } from './media-type.ts';
import { contentRange, singularError, unwrapSingle } from './response.ts';
import { withinResponseCap } from './response-cap.ts';
import { RestError } from './rest-error.ts';
import { contentLocation, preferenceApplied } from './response-headers.ts';
import { answerRollback, RollbackWith, type RestRequest, type ResultRow } from './rest-request.ts';
import { deadlineCondition } from './role-timeouts.ts';
import type { QueryParams } from './parser/types.ts';
import { AliasGen, Params } from './sql/quote.ts';
import type { BuildContext } from './sql/select-sql.ts';
import type { Source } from './sql/field-sql.ts';
import { buildRead, type ReadOptions } from './sql/read-sql.ts';
import { explainStatement, planResponse } from './plan-response.ts';
import { wholeAnswer } from '../lib/whole-answer.ts';

/** What building one request's SQL needs: its query, the row cap and its role's statement deadline. */
export function buildContext(req: RestRequest, query: QueryParams, params = new Params()): BuildContext {
  const deadline = req.timeouts === 'per-row' ? deadlineCondition(req.cache.roleTimeoutsMs.get(req.identity.role)) : undefined;
  return { cache: req.cache, params, aliases: new AliasGen(), query, maxRows: req.options.maxRows, deadline };
}

export interface ReadShape {
  /** A non-set composite RPC answers with the row object (or null), not an array. */
  object?: boolean;
  /** SETOF scalar: aggregate this column's bare values. */
  scalarColumn?: string;
  /** A function call rather than a table or view; by default, a read with a `prefix` (the call's CTE). */
  routine?: boolean;
}

/** The planner's row estimate for `planSql` (EXPLAIN's top "Plan Rows"), as PostgREST reads it. */
async function plannedRows(tx: DatabaseTransaction, planSql: string): Promise<number | null> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${planSql}`);
  const plan: unknown = rows[0]?.['QUERY PLAN'];
  const text = typeof plan === 'string' ? plan : JSON.stringify(plan);
  const estimate: unknown = (JSON.parse(text) as { Plan?: { 'Plan Rows'?: unknown } }[])[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' ? Math.trunc(estimate) : null;
}

/**
 * How a read counts, as PostgREST: `exact` counts; `planned` asks the planner (EXPLAIN of the count
 * query); `estimated` counts up to db-max-rows + 1 and, past db-max-rows, takes the larger of that
 * and the planner's estimate. Function calls never EXPLAIN: `planned` gives no total there and
 * `estimated` an exact one.
 */
function countingOf(req: RestRequest, routine: boolean): { count?: ReadOptions['count']; explain: boolean } {
  switch (req.prefs.count) {
    case 'exact':
      return { count: 'exact', explain: false };
    case 'planned':
      return { explain: !routine };
    case 'estimated':
      return routine ? { count: 'exact', explain: false } : { count: req.options.maxRows + 1, explain: true };
    default:
      return { explain: false };
  }
}

/**
 * Runs a read (`GET/HEAD /table` or a set-returning RPC) and shapes the answer as PostgREST does:
 * the body in the negotiated media, 200 / 206 (a total above the page) / 416 (an offset past the
 * total), Content-Range always, Content-Location for tables, Preference-Applied, and the singular
 * object with rollback when rows ≠ 1.
 */
export async function runRead(
  req: RestRequest,
  ctx: BuildContext,
  source: Source,
  from: string,
  prefix: string,
  readOnly: boolean,
  shape: ReadShape = {},
): Promise<Response> {
  const routine = shape.routine ?? prefix !== '';
  const counting = countingOf(req, routine);
  const { media } = req;
  if (media.kind === 'plan') {
    const planned = buildRead(ctx, source, from, { count: counting.count, media: media.body, scalarColumn: shape.scalarColumn });
    return req.run(readOnly, async (tx) => {
      const response = planResponse(media, await explainStatement(tx, media, `${prefix}${planned.sql}`), req.head);
      if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
      return response;
    });
  }
  const statement = buildRead(ctx, source, from, { count: counting.count, media: req.head ? null : media, scalarColumn: shape.scalarColumn });
  const sql = `${prefix}${statement.sql}`;
  const singular = req.media.kind === 'object';

  const answer = (row: ResultRow, planned: number | null): Response => {
    const pageCount = row.page_count;
    const counted = row.total === null || row.total === undefined ? null : Number(row.total);
    let total = counted;
    if (req.prefs.count === 'planned' && !routine) total = planned;
    else if (req.prefs.count === 'estimated' && !routine && counted !== null && counted > req.options.maxRows) total = planned === null ? counted : Math.max(counted, planned);
    if (singular && pageCount !== 1) throw new RollbackWith(singularError(pageCount));
    // A function's rows count as affected (PostgREST 12.2+): over the strict limit, its writes roll back.
    const { maxAffected, handling } = req.prefs;
    if (routine && handling === 'strict' && maxAffected !== undefined && pageCount > maxAffected) {
      throw new RollbackWith(new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${pageCount} rows`));
    }
    const lower = statement.offset;
    const headers: Record<string, string> = { 'Content-Range': contentRange(lower, lower + pageCount - 1, total) };
    if (!routine && source.table) headers['Content-Location'] = contentLocation(source.table.name, req.entries);
    headers['Content-Type'] = contentTypeOf(req.media);
    Object.assign(headers, preferenceApplied(req.prefs, { maxAffected: routine }));
    let status = 200;
    let body = row.body ?? '[]';
    if (total !== null && lower > total) {
      status = 416;
      body = JSON.stringify({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: `An offset of ${lower} was requested, but there are only ${total} rows.`,
        hint: null,
      });
    } else {
      if (total !== null && pageCount < total && !shape.object) status = 206;
      if (singular) body = unwrapSingle(body);
      else if (shape.object && req.media.kind !== 'csv') body = pageCount === 0 ? 'null' : unwrapSingle(body);
    }
    const response = wholeAnswer(req.head ? null : withinResponseCap(body, req.options), { status, headers });
    if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
    return response;
  };

  if (counting.explain) {
    // A second statement (EXPLAIN) in the same transaction, as PostgREST runs it after the read.
    return req.run(true, async (tx) => {
      const row = (await tx.query<ResultRow>(sql)).rows[0];
      const needsPlan = req.prefs.count === 'planned' || (row.total !== null && row.total !== undefined && Number(row.total) > req.options.maxRows);
      return answer(row, needsPlan ? await plannedRows(tx, statement.planSql) : null);
    });
  }
  // A READ ONLY transaction changes nothing, so committing it is as good as rolling it back: the
  // answer can be shaped after the one round trip.
  if (readOnly) return answerRollback(() => req.read(sql).then((row) => answer(row, null)));
  return req.run(false, async (tx) => answer((await tx.query<ResultRow>(sql)).rows[0], null));
}
