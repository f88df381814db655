import { badQuery, RestError, unsupported } from '../rest-error.ts';
import type { Condition, OrderTerm, QueryParams, SelectItem } from '../parser/types.ts';
import { qualified, quoteIdent } from '../../db/sql-identifier.ts';
import type { AliasGen, Params } from './quote.ts';
import type { SchemaCache } from '../schema-cache.ts';
import { fieldLabel, fieldSql, type Source } from './field-sql.ts';
import { resolveRelationship, type Relationship } from './relationships.ts';
import { conditionsSql } from './where-sql.ts';

export interface BuildContext {
  cache: SchemaCache;
  params: Params;
  aliases: AliasGen;
  query: QueryParams;
  maxRows: number;
  /** The role's statement timeout as a per-row condition (role-timeouts.ts); none when unlimited. */
  deadline?: string;
  /** Embed paths seen while building the select list (`a`, `a.b`), to reject params aimed at nothing. */
  embedPaths?: Set<string>;
}

/**
 * PostgREST answers PGRST108 when `x.order`, `x.limit` or a filter `x.col` names an embed that is not
 * in `select`; ignoring it silently would return different rows than hosted Supabase.
 */
export function checkEmbedPaths(ctx: BuildContext): void {
  const known = ctx.embedPaths ?? new Set<string>();
  const { query } = ctx;
  const paths = [...query.conditions, ...query.order, ...query.limit, ...query.offset].map((p) => p.path);
  for (const path of paths) {
    if (path.length === 0 || known.has(path.join('.'))) continue;
    const name = path[path.length - 1];
    throw new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);
  }
}

/** The deadline check for one more level's WHERE, when the role has a timeout. */
export function deadlineAt(ctx: BuildContext): string[] {
  return ctx.deadline === undefined ? [] : [ctx.deadline];
}

const samePath = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function conditionsAt(query: QueryParams, path: string[]): Condition[] {
  return query.conditions.filter((c) => samePath(c.path, path)).map((c) => c.value);
}

export function orderAt(query: QueryParams, path: string[]): OrderTerm[] {
  return query.order.filter((o) => samePath(o.path, path)).flatMap((o) => o.value);
}

export function limitAt(query: QueryParams, path: string[]): { limit?: number; offset?: number } {
  return {
    limit: query.limit.findLast((l) => samePath(l.path, path))?.value,
    offset: query.offset.findLast((o) => samePath(o.path, path))?.value,
  };
}

export function orderSql(source: Source, terms: OrderTerm[], params: Params): string {
  if (terms.length === 0) return '';
  const parts = terms.map((t) => {
    const dir = t.direction === 'desc' ? ' desc' : t.direction === 'asc' ? ' asc' : '';
    const nulls = t.nulls === 'first' ? ' nulls first' : t.nulls === 'last' ? ' nulls last' : '';
    return `${fieldSql(source, t.field, params)}${dir}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

/** Postgres' MaxTupleAttributeNumber: the most entries one SELECT list may have, `*` expanded. */
export const MAX_TARGET_LIST = 1664;

/**
 * Postgres refuses a wider SELECT list with 54011, which PostgREST passes on as a 500 (54xxx →
 * 500). Only the request's own `select=` can make one this wide, so it is malformed input, not a
 * server fault (issue 16): refuse it before running anything, keeping Postgres' code and message
 * so clients still recognise it, but as a 400.
 */
function checkTargetListWidth(width: number): void {
  if (width > MAX_TARGET_LIST) throw new RestError(400, '54011', `target lists can have at most ${MAX_TARGET_LIST} entries`);
}

export interface SelectListResult {
  columns: string[];
  /** `exists(…)` conditions from `!inner` embeds, for the current level's WHERE. */
  innerJoins: string[];
}

/**
 * The select list for one level. `starColumns` expands `*` to the table's own columns (mutation CTEs
 * carry extra bookkeeping columns that must not leak into the response).
 */
export function selectList(ctx: BuildContext, source: Source, items: SelectItem[], path: string[], starColumns = false): SelectListResult {
  const columns: string[] = [];
  const innerJoins: string[] = [];
  // `alias.*` is one string here but as many entries as the table has columns for Postgres.
  let starExtra = 0;
  for (const item of items) {
    if (item.kind === 'star') {
      if (starColumns && source.table) {
        for (const name of source.table.columns.keys()) columns.push(`${source.alias}.${quoteIdent(name)}`);
      } else {
        columns.push(`${source.alias}.*`);
        starExtra += Math.max(0, (source.table?.columns.size ?? 1) - 1);
      }
    } else if (item.kind === 'column') {
      let sql = fieldSql(source, item.field, ctx.params);
      if (item.cast) sql = `(${sql})::${item.cast}`;
      columns.push(`${sql} as ${quoteIdent(item.alias ?? fieldLabel(item.field))}`);
    } else {
      if (!source.table) throw badQuery(`Cannot embed "${item.relation}": the source has no known table type`);
      const relationship = resolveRelationship(ctx.cache, source.table, item.relation, item.hint);
      const childPath = [...path, item.alias ?? item.relation];
      (ctx.embedPaths ??= new Set()).add(childPath.join('.'));
      if (item.spread) {
        columns.push(...spreadSql(ctx, source, relationship, item.items, childPath));
        continue;
      }
      columns.push(`${embedSql(ctx, source, relationship, item.items, childPath)} as ${quoteIdent(item.alias ?? item.relation)}`);
      if (item.inner) innerJoins.push(existsSql(ctx, source, relationship, childPath));
    }
    checkTargetListWidth(columns.length + starExtra);
  }
  return { columns, innerJoins };
}

function joinCondition(parent: Source, child: Source, rel: Relationship): string {
  const { fk } = rel;
  return fk.columns
    .map((col, i) => {
      const ref = fk.refColumns[i];
      return rel.cardinality === 'many-to-one'
        ? `${child.alias}.${quoteIdent(ref)} = ${parent.alias}.${quoteIdent(col)}`
        : `${child.alias}.${quoteIdent(col)} = ${parent.alias}.${quoteIdent(ref)}`;
    })
    .join(' and ');
}

function embedSql(ctx: BuildContext, parent: Source, rel: Relationship, items: SelectItem[], path: string[]): string {
  const child: Source = { alias: ctx.aliases.alias(), table: rel.target, label: rel.target.name };
  const list = selectList(ctx, child, items, path);
  const where = [joinCondition(parent, child, rel), ...conditionsSql(child, conditionsAt(ctx.query, path), ctx.params), ...list.innerJoins, ...deadlineAt(ctx)];
  const from = `from ${qualified(rel.target.schema, rel.target.name)} as ${child.alias} where ${where.join(' and ')}`;
  const row = ctx.aliases.alias();
  if (rel.cardinality === 'many-to-one') {
    return `(select row_to_json(${row}) from (select ${list.columns.join(', ')} ${from} limit 1) as ${row})`;
  }
  const { limit, offset } = limitAt(ctx.query, path);
  const paging = `${limit === undefined ? '' : ` limit ${limit}`}${offset === undefined ? '' : ` offset ${offset}`}`;
  const order = orderSql(child, orderAt(ctx.query, path), ctx.params);
  return `coalesce((select json_agg(${row}) from (select ${list.columns.join(', ')} ${from}${order}${paging}) as ${row}), '[]'::json)`;
}

/** `...rel(a, b)`: one scalar subquery per column, so they land as the parent's own columns. */
function spreadSql(ctx: BuildContext, parent: Source, rel: Relationship, items: SelectItem[], path: string[]): string[] {
  if (rel.cardinality !== 'many-to-one') throw unsupported(`spreading the one-to-many relationship '${rel.target.name}'`);
  const expanded = items.flatMap((item): SelectItem[] =>
    item.kind === 'star' ? [...rel.target.columns.keys()].map((name) => ({ kind: 'column', field: { name, json: [] } })) : [item],
  );
  return expanded.map((item) => {
    if (item.kind !== 'column') throw unsupported('nested embeds inside a spread');
    const child: Source = { alias: ctx.aliases.alias(), table: rel.target, label: rel.target.name };
    let sql = fieldSql(child, item.field, ctx.params);
    if (item.cast) sql = `(${sql})::${item.cast}`;
    const where = [joinCondition(parent, child, rel), ...conditionsSql(child, conditionsAt(ctx.query, path), ctx.params)];
    const from = `from ${qualified(rel.target.schema, rel.target.name)} as ${child.alias} where ${where.join(' and ')}`;
    return `(select ${sql} ${from} limit 1) as ${quoteIdent(item.alias ?? fieldLabel(item.field))}`;
  });
}

function existsSql(ctx: BuildContext, parent: Source, rel: Relationship, path: string[]): string {
  const child: Source = { alias: ctx.aliases.alias(), table: rel.target, label: rel.target.name };
  const where = [joinCondition(parent, child, rel), ...conditionsSql(child, conditionsAt(ctx.query, path), ctx.params), ...deadlineAt(ctx)];
  return `exists (select 1 from ${qualified(rel.target.schema, rel.target.name)} as ${child.alias} where ${where.join(' and ')})`;
}
