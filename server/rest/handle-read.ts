import { RestError } from './rest-error.ts';
import { contentRange, JSON_TYPE, OBJECT_TYPE, singularError, unwrapSingle } from './response.ts';
import { answerRollback, RollbackWith, type RestRequest, type ResultRow } from './rest-request.ts';
import { deadlineCondition } from './role-timeouts.ts';
import type { QueryParams } from './parser/types.ts';
import { AliasGen, Params } from './sql/quote.ts';
import type { BuildContext } from './sql/select-sql.ts';
import type { Source } from './sql/field-sql.ts';
import { buildRead } from './sql/read-sql.ts';

/** What building one request's SQL needs: its query, the row cap and its role's statement deadline. */
export function buildContext(req: RestRequest, query: QueryParams, params = new Params()): BuildContext {
  const deadline = deadlineCondition(req.cache.roleTimeoutsMs.get(req.identity.role));
  return { cache: req.cache, params, aliases: new AliasGen(), query, maxRows: req.options.maxRows, deadline };
}

export interface ReadShape {
  /** A non-set composite RPC answers with the row object (or null), not an array. */
  object?: boolean;
  /** SETOF scalar: aggregate this column's bare values. */
  scalarColumn?: string;
}

/**
 * Runs a read (`GET/HEAD /table` or a set-returning RPC) and shapes the answer: 200/206/416,
 * Content-Range always, the singular object with rollback when rows ≠ 1.
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
  const withCount = req.prefs.count !== undefined;
  const statement = buildRead(ctx, source, from, withCount, shape.scalarColumn);
  const sql = `${prefix}${statement.sql}`;
  const answer = (row: ResultRow): Response => {
    const pageCount = row.page_count;
    const total = row.total === null || row.total === undefined ? null : Number(row.total);
    const lower = statement.offset;
    if (total !== null && lower > total && !(lower === 0)) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${lower} was requested, but there are only ${total} rows.`);
    }
    const headers: Record<string, string> = {
      'Content-Range': contentRange(lower, lower + pageCount - 1, total),
      'Content-Type': req.singular ? OBJECT_TYPE : JSON_TYPE,
    };
    let body = row.body ?? '[]';
    if (req.singular) {
      if (pageCount !== 1) throw new RollbackWith(singularError(pageCount));
      body = unwrapSingle(body);
    } else if (shape.object) {
      body = pageCount === 0 ? 'null' : unwrapSingle(body);
    }
    const status = total !== null && pageCount < total && !req.singular && !shape.object ? 206 : 200;
    const response = new Response(req.head ? null : body, { status, headers });
    if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
    return response;
  };
  // A READ ONLY transaction changes nothing, so committing it is as good as rolling it back: the
  // answer can be shaped after the one round trip.
  if (readOnly) return answerRollback(() => req.read(sql).then(answer));
  return req.run(false, async (tx) => answer((await tx.query<ResultRow>(sql)).rows[0]));
}
