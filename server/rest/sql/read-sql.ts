import type { BodyMedia } from '../media-type.ts';
import type { Source } from './field-sql.ts';
import { aggregateRows } from './media-sql.ts';
import { checkEmbedPaths, conditionsAt, deadlineAt, limitAt, orderAt, orderSql, selectList, type BuildContext } from './select-sql.ts';
import { conditionsSql } from './where-sql.ts';

export interface ReadOptions {
  /** `exact`: count every matching row; a number: count at most that many (count=estimated's probe). */
  count?: 'exact' | number;
  /** How the page becomes the body; null for no body (HEAD). JSON when not given. */
  media?: BodyMedia | null;
  /** SETOF scalar functions: aggregate this column's bare values. */
  scalarColumn?: string;
}

export interface ReadStatement {
  sql: string;
  /** Offset actually applied (for Content-Range). */
  offset: number;
  /**
   * `select 1 from … where …` without paging and without the role's deadline check (a condition the
   * planner cannot see through, which PostgREST's query does not have): what count=planned asks the
   * planner about. Nothing runs, so no deadline is needed.
   */
  planSql: string;
}

/**
 * One statement for a read: the page as `body` (in the negotiated media), its row count and (on
 * request) the total. `from` is the FROM target (a table, or an RPC result CTE) bound to `source.alias`.
 */
export function buildRead(ctx: BuildContext, source: Source, from: string, options: ReadOptions = {}): ReadStatement {
  const list = selectList(ctx, source, ctx.query.select, []);
  checkEmbedPaths(ctx);
  const filters = [...conditionsSql(source, conditionsAt(ctx.query, []), ctx.params), ...list.innerJoins];
  const whereOf = (conds: string[]): string => (conds.length > 0 ? ` where ${conds.map((c) => `(${c})`).join(' and ')}` : '');
  const where = whereOf([...filters, ...deadlineAt(ctx)]);
  const { limit, offset = 0 } = limitAt(ctx.query, []);
  const capped = Math.min(limit ?? ctx.maxRows, ctx.maxRows);
  const order = orderSql(source, orderAt(ctx.query, []), ctx.params);
  const page = `select ${list.columns.join(', ')} from ${from} as ${source.alias}${where}${list.groupBy}${order} limit ${capped} offset ${offset}`;
  // With aggregates, the total counts the groups (or the single aggregate row).
  const countSql = list.aggregated && list.groupBy === '' ? 'select 1' : `select 1 from ${from} as ${source.alias}${where}${list.groupBy}`;
  let total = 'null::text as total';
  if (options.count === 'exact') total = `(select count(*) from (${countSql}) as "_c")::int8::text as total`;
  else if (options.count !== undefined) total = `(select count(*) from (${countSql} limit ${options.count}) as "_c")::int8::text as total`;
  // SETOF scalar functions answer an array of bare values, not of one-key objects.
  const element = options.scalarColumn === undefined ? '"_r"' : `"_r".${options.scalarColumn}`;
  const media = options.media === undefined ? { kind: 'json' as const } : options.media;
  const sql = aggregateRows(media, page, ['count(*)::int as page_count', total], element);
  const planSql = list.aggregated && list.groupBy === '' ? 'select 1' : `select 1 from ${from} as ${source.alias}${whereOf(filters)}${list.groupBy}`;
  return { sql, offset, planSql };
}
