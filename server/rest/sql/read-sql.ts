import type { Source } from './field-sql.ts';
import { checkEmbedPaths, conditionsAt, deadlineAt, limitAt, orderAt, orderSql, selectList, type BuildContext } from './select-sql.ts';
import { conditionsSql } from './where-sql.ts';

export interface ReadStatement {
  sql: string;
  /** Offset actually applied (for Content-Range). */
  offset: number;
}

/**
 * One statement for a read: the page as JSON text, its row count and (on request) the exact total.
 * `from` is the FROM target (a table, or an RPC result CTE) already bound to `source.alias`.
 */
export function buildRead(ctx: BuildContext, source: Source, from: string, withCount: boolean, scalarColumn?: string): ReadStatement {
  const list = selectList(ctx, source, ctx.query.select, []);
  checkEmbedPaths(ctx);
  const conds = [...conditionsSql(source, conditionsAt(ctx.query, []), ctx.params), ...list.innerJoins, ...deadlineAt(ctx)];
  const where = conds.length > 0 ? ` where ${conds.map((c) => `(${c})`).join(' and ')}` : '';
  const { limit, offset = 0 } = limitAt(ctx.query, []);
  const capped = Math.min(limit ?? ctx.maxRows, ctx.maxRows);
  const order = orderSql(source, orderAt(ctx.query, []), ctx.params);
  const page = `select ${list.columns.join(', ')} from ${from} as ${source.alias}${where}${list.groupBy}${order} limit ${capped} offset ${offset}`;
  // With aggregates, the total counts the groups (or the single aggregate row).
  const counted = list.aggregated && list.groupBy === '' ? 'select 1' : `select 1 from ${from} as ${source.alias}${where}${list.groupBy}`;
  const total = withCount ? `, (select count(*) from (${counted}) as "_c")::int8::text as total` : ', null::text as total';
  // SETOF scalar functions answer an array of bare values, not of one-key objects.
  const element = scalarColumn === undefined ? '"_r"' : `"_r".${scalarColumn}`;
  const sql = `select coalesce(json_agg(${element}), '[]')::text as body, count(*)::int as page_count${total} from (${page}) as "_r"`;
  return { sql, offset };
}
