import { buildContext, runRead } from './handle-read.ts';
import { parseQueryParams } from './parser/query-params.ts';
import { RestError } from './rest-error.ts';
import { JSON_TYPE } from './response.ts';
import { withinResponseCap } from './response-cap.ts';
import { answerRollback, RollbackWith, type RestRequest } from './rest-request.ts';
import { wholeAnswer } from '../lib/whole-answer.ts';
import { Params } from './sql/quote.ts';
import { quoteIdent } from '../db/sql-identifier.ts';
import { explainStatement, planResponse } from './plan-response.ts';
import { bodyArguments, callSql, findRoutine, queryArguments, rpcResultTable } from './sql/rpc-sql.ts';

/**
 * POST /rpc/fn (the body's arguments) and GET/HEAD /rpc/fn (arguments as query params, READ ONLY).
 * void → 204; scalar → bare JSON; composite → object; set → array with filters, order, limit and select.
 */
export async function runRpc(req: RestRequest, name: string): Promise<Response> {
  const isGet = req.method === 'GET' || req.method === 'HEAD';
  const query = parseQueryParams(req.entries, { rpcRead: isGet });
  const params = new Params();
  const args = isGet ? queryArguments(query.args) : bodyArguments(await req.payload(), query.columns);
  const fn = findRoutine(req.cache, req.schema, name, args);
  const call = callSql(fn, args, params);
  const readOnly = isGet || fn.volatility !== 'v';
  if (req.prefs.handling === 'strict' && req.prefs.maxAffected !== undefined && !fn.returnsSet) {
    // Only a set's rows can be counted against the limit; PostgREST refuses before calling anything.
    throw new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  }

  if (fn.returnKind === 'void' || (fn.returnKind === 'scalar' && !fn.returnsSet)) {
    const { media } = req;
    const statement = `select to_json(${call.callSql})::text as body`;
    const answer = (body: string | null | undefined): Response => {
      let response: Response;
      if (fn.returnKind === 'void') response = wholeAnswer(null, { status: 204 });
      else {
        if (req.singular) throw new RollbackWith(new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', 'The result is a scalar'));
        // One value is one row to PostgREST: counted, it is 0-0/1.
        const range = req.prefs.count === undefined ? '0-0/*' : '0-0/1';
        const text = req.head ? null : withinResponseCap(body ?? 'null', req.options);
        response = wholeAnswer(text, { status: 200, headers: { 'Content-Type': JSON_TYPE, 'Content-Range': range } });
      }
      if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
      return response;
    };
    // A READ ONLY call (GET, or a stable or immutable function) changes nothing, so committing is
    // as good as rolling back: the call goes with the request's set-up in one round trip, as a
    // table read does (the shop's search is such a call).
    if (readOnly && media.kind !== 'plan') return answerRollback(async () => answer((await req.read(statement))?.body));
    return req.run(readOnly, async (tx) => {
      if (media.kind === 'plan') {
        const response = planResponse(media, await explainStatement(tx, media, statement), req.head);
        if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
        return response;
      }
      const { rows } = await tx.query<{ body: string | null }>(statement);
      return answer(rows[0]?.body);
    });
  }

  const ctx = buildContext(req, query, params);
  if (fn.returnKind === 'scalar') {
    // SETOF scalar: an array of bare values, like PostgREST's pgrst_scalar column.
    const source = { alias: quoteIdent(name), label: name };
    ctx.query.select = [{ kind: 'column', field: { name: 'pgrst_scalar', json: [] } }];
    const prefix = `with "_f" as materialized (select * from ${call.callSql} as "_x"("pgrst_scalar")) `;
    return runRead(req, ctx, source, '"_f"', prefix, readOnly, { scalarColumn: '"pgrst_scalar"' });
  }
  const table = rpcResultTable(req.cache, fn);
  // Named as PostgREST names a function's rows: its table, else the function.
  const label = fn.returnTable ?? name;
  const source = { alias: quoteIdent(label), table, label };
  const prefix = `with "_f" as materialized (select * from ${call.callSql}) `;
  return runRead(req, ctx, source, '"_f"', prefix, readOnly, { object: !fn.returnsSet });
}
