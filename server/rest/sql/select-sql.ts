import { badQuery, RestError } from '../rest-error.ts';
import type { Condition, Field, OrderTerm, QueryParams, SelectItem } from '../parser/types.ts';
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
  /** The first join alias two sibling embeds share (PostgREST's query then fails with 42712). */
  duplicateJoin?: string;
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
    throw notEmbedded(path[path.length - 1]);
  }
  // Once the request is planned, as Postgres refuses PostgREST's statement only when it runs.
  if (ctx.duplicateJoin !== undefined) throw new RestError(400, '42712', `table name "${ctx.duplicateJoin}" specified more than once`);
}

const notEmbedded = (name: string): RestError =>
  new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);

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
    return `${t.relation === undefined ? fieldSql(source, t.field, params) : relatedOrderSql(source, t.relation, t.field)}${dir}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

/** `order=embed(col)`: only a to-one embed of this level has one value to order by (PGRST118 otherwise). */
function relatedOrderSql(source: Source, relation: string, field: Field): string {
  const embed = source.embeds?.get(relation);
  if (!embed) throw notEmbedded(relation);
  if (!embed.toOne) {
    throw new RestError(400, 'PGRST118', `A related order on '${relation}' is not possible`, `'${source.label}' and '${relation}' do not form a many-to-one or one-to-one relationship`);
  }
  return embed.column(field);
}

/** Postgres' MaxTupleAttributeNumber: the most entries one SELECT list may have, `*` expanded. */
export const MAX_TARGET_LIST = 1664;

/**
 * Postgres refuses a wider SELECT list with 54011, which PostgREST passes on as a 500 (54xxx →
 * 500). Only the request's own `select=` can make one this wide, so it is malformed input, not a
 * server fault: refuse it before running anything, keeping Postgres' code and message
 * so clients still recognise it, but as a 400.
 */
function checkTargetListWidth(width: number): void {
  if (width > MAX_TARGET_LIST) throw new RestError(400, '54011', `target lists can have at most ${MAX_TARGET_LIST} entries`);
}

export interface SelectListResult {
  columns: string[];
  /** Each column's output key, in order (what a spread of this level lifts into its parent). */
  labels: string[];
  /** `exists(…)` conditions from `!inner` embeds, for the current level's WHERE. */
  innerJoins: string[];
  /** With an aggregate in the list, the level groups by its other columns: ` group by …`, else ''. */
  groupBy: string;
  /** An aggregate is in the list (without a group by, the level answers one row). */
  aggregated: boolean;
  /** In a to-one spread, the aggregates left to the parent: output key → function and result cast. */
  hoisted: Map<string, { fn: string; cast?: string }>;
}

const AGGREGATES_OFF = () =>
  new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed', null, null);

/**
 * The select list for one level. `starColumns` expands `*` to the table's own columns (mutation CTEs
 * carry extra bookkeeping columns that must not leak into the response). `hoist` is for a to-one
 * spread: its aggregates apply to the parent's rows (PostgREST hoists them), so the level selects
 * their arguments and leaves the functions to the parent.
 */
export function selectList(ctx: BuildContext, source: Source, items: SelectItem[], path: string[], starColumns = false, hoist = false): SelectListResult {
  const hoisted = new Map<string, { fn: string; cast?: string }>();
  const columns: string[] = [];
  const labels: string[] = [];
  const innerJoins: string[] = [];
  const grouped: string[] = [];
  let aggregated = false;
  const push = (sql: string, label: string, groupable: boolean) => {
    columns.push(`${sql} as ${quoteIdent(label)}`);
    labels.push(label);
    if (groupable) grouped.push(sql);
  };
  // `alias.*` is one string here but as many entries as the table has columns for Postgres.
  let starExtra = 0;
  // Embeds' JSON values (embeds and to-many spreads), grouped by as jsonb once the level aggregates.
  const jsonValues: { index: number; sql: string; label: string }[] = [];
  // PostgREST joins each embed as `<table>_<name>_<depth>`: two siblings of one name collide.
  const joins = new Set<string>();
  for (const item of items) {
    if (item.kind === 'star') {
      if (source.table && (starColumns || source.table.columns.size <= MAX_TARGET_LIST)) {
        for (const name of source.table.columns.keys()) push(`${source.alias}.${quoteIdent(name)}`, name, true);
      } else {
        columns.push(`${source.alias}.*`);
        labels.push('*');
        starExtra += Math.max(0, (source.table?.columns.size ?? 1) - 1);
      }
    } else if (item.kind === 'count') {
      if (!ctx.cache.aggregatesEnabled) throw AGGREGATES_OFF();
      const label = item.alias ?? 'count';
      if (hoist) {
        // The parent counts the rows that have this related row.
        hoisted.set(label, { fn: 'count', cast: item.cast });
        push('1', label, false);
        continue;
      }
      aggregated = true;
      push(item.cast ? `(count(*))::${item.cast}` : 'count(*)', label, false);
    } else if (item.kind === 'column') {
      let sql = fieldSql(source, item.field, ctx.params);
      if (item.aggregate) {
        if (!ctx.cache.aggregatesEnabled) throw AGGREGATES_OFF();
        if (item.aggregateInputCast) sql = `(${sql})::${item.aggregateInputCast}`;
        if (hoist) {
          const label = item.alias ?? item.aggregate;
          hoisted.set(label, { fn: item.aggregate, cast: item.cast });
          push(sql, label, false);
          continue;
        }
        aggregated = true;
        sql = `${item.aggregate}(${sql})`;
      }
      if (item.cast) sql = `(${sql})::${item.cast}`;
      push(sql, item.alias ?? (item.aggregate ?? fieldLabel(item.field)), item.aggregate === undefined);
    } else {
      if (!source.table) throw badQuery(`Cannot embed "${item.relation}": the source has no known table type`);
      const relationship = resolveRelationship(ctx.cache, source.table, item.relation, item.hint);
      const childPath = [...path, item.alias ?? item.relation];
      const join = `${source.table.name}_${item.alias ?? item.relation}_${childPath.length}`;
      if (joins.has(join)) ctx.duplicateJoin ??= join;
      joins.add(join);
      (ctx.embedPaths ??= new Set()).add(childPath.join('.'));
      (source.embeds ??= new Map()).set(item.alias ?? item.relation, {
        toOne: relationship.toOne,
        exists: () => existsSql(ctx, source, relationship, item.items, childPath),
        column: (field: Field) => relatedColumnSql(ctx, source, relationship, field, childPath),
      });
      if (isEmptyEmbed(item.items)) {
        // `rel()` only filters (with `!inner` or `rel=not.is.null`): PostgREST answers no key for it.
      } else if (item.spread) {
        for (const spread of spreadSql(ctx, source, relationship, item.items, childPath)) {
          if (!relationship.toOne) jsonValues.push({ index: columns.length, sql: spread.sql, label: spread.label });
          if (spread.aggregate) aggregated = true;
          push(spread.sql, spread.label, relationship.toOne && !spread.aggregate);
        }
      } else {
        const label = item.alias ?? item.relation;
        const sql = embedSql(ctx, source, relationship, item.items, childPath);
        jsonValues.push({ index: columns.length, sql, label });
        columns.push(`${sql} as ${quoteIdent(label)}`);
        labels.push(label);
      }
      if (item.inner) innerJoins.push(existsSql(ctx, source, relationship, item.items, childPath));
    }
    checkTargetListWidth(columns.length + starExtra);
  }
  if (aggregated) {
    // PostgREST groups by each embed's value too (jsonb, which has equality; json has none).
    for (const value of jsonValues) {
      columns[value.index] = `(${value.sql})::jsonb as ${quoteIdent(value.label)}`;
      grouped.push(`(${value.sql})::jsonb`);
    }
  }
  const groupBy = aggregated && grouped.length > 0 ? ` group by ${grouped.join(', ')}` : '';
  return { columns, labels, innerJoins, groupBy, aggregated, hoisted };
}

const isEmptyEmbed = (items: SelectItem[]): boolean => items.every((item) => item.kind === 'embed' && !item.spread && isEmptyEmbed(item.items));

/** FROM and the join conditions of a related relation seen from `parent`, as PostgREST joins it. */
function relatedFrom(ctx: BuildContext, parent: Source, child: Source, rel: Relationship): { from: string; where: string[] } {
  if (rel.kind === 'computed') {
    // A computed relationship is a function of the parent's row: `fn(parent)`.
    return { from: `${qualified(rel.fn.schema, rel.fn.name)}(${parent.alias}.*) as ${child.alias}`, where: [] };
  }
  const from = `${qualified(rel.target.schema, rel.target.name)} as ${child.alias}`;
  if (rel.junction) {
    const { junction } = rel;
    const j = ctx.aliases.alias();
    const on = [
      ...junction.source.map(([origin, jc]) => `${j}.${quoteIdent(jc)} = ${parent.alias}.${quoteIdent(origin)}`),
      ...junction.target.map(([jc, target]) => `${j}.${quoteIdent(jc)} = ${child.alias}.${quoteIdent(target)}`),
    ];
    return { from, where: [`exists (select 1 from ${qualified(junction.table.schema, junction.table.name)} as ${j} where ${on.join(' and ')})`] };
  }
  return { from, where: rel.columns.map(([origin, target]) => `${child.alias}.${quoteIdent(target)} = ${parent.alias}.${quoteIdent(origin)}`) };
}

interface ChildRows {
  child: Source;
  list: SelectListResult;
  /** `select <list> from … where … [group by] [order] [limit]` for the embed's rows. */
  rowsSql: string;
}

/**
 * An embed's relation under PostgREST's alias, `<target>_<depth>` (its errors name the embed so:
 * `column projects_1.x does not exist`); each embed is its own subquery, so siblings never clash.
 */
function childOf(rel: Relationship, path: string[]): Source {
  const alias = `${rel.target.name}_${path.length}`;
  return { alias: quoteIdent(alias), table: rel.target, label: alias };
}

/**
 * FROM and WHERE reaching `child` from `parent`: the join and the embed's own filters. Called after
 * the child's select list, whose embeds its filters may name (`embed=is.null`).
 */
function joinedChild(ctx: BuildContext, parent: Source, child: Source, rel: Relationship, path: string[]): { from: string; where: string[] } {
  const related = relatedFrom(ctx, parent, child, rel);
  return { from: related.from, where: [...related.where, ...conditionsSql(child, conditionsAt(ctx.query, path), ctx.params)] };
}

const whereSql = (where: string[]): string => (where.length > 0 ? ` where ${where.join(' and ')}` : '');

function childRows(ctx: BuildContext, parent: Source, rel: Relationship, items: SelectItem[], path: string[], hoist = false): ChildRows {
  const child = childOf(rel, path);
  const list = selectList(ctx, child, items, path, false, hoist);
  const joined = joinedChild(ctx, parent, child, rel, path);
  const where = [...joined.where, ...list.innerJoins, ...deadlineAt(ctx)];
  let tail = list.groupBy;
  if (rel.toOne) tail += ' limit 1';
  else {
    const { limit, offset } = limitAt(ctx.query, path);
    tail += `${orderSql(child, orderAt(ctx.query, path), ctx.params)}${limit === undefined ? '' : ` limit ${limit}`}${offset === undefined ? '' : ` offset ${offset}`}`;
  }
  // An empty embed (`rel()`) selects nothing: it is there for filtering, and answers no key.
  const columns = list.columns.length > 0 ? list.columns.join(', ') : 'null';
  return { child, list, rowsSql: `select ${columns} from ${joined.from}${whereSql(where)}${tail}` };
}

function embedSql(ctx: BuildContext, parent: Source, rel: Relationship, items: SelectItem[], path: string[]): string {
  const { rowsSql } = childRows(ctx, parent, rel, items, path);
  const row = ctx.aliases.alias();
  if (rel.toOne) return `(select row_to_json(${row}) from (${rowsSql}) as ${row})`;
  return `coalesce((select json_agg(${row}) from (${rowsSql}) as ${row}), '[]'::json)`;
}

/**
 * `...rel(a, b)`: the related row's keys land in the parent. From a to-one relationship each key is
 * the value (null without a row); from a to-many one each key is the array of its values, `[]`
 * without rows (PostgREST 13).
 */
function spreadSql(ctx: BuildContext, parent: Source, rel: Relationship, items: SelectItem[], path: string[]): { sql: string; label: string; aggregate: boolean }[] {
  const { list, rowsSql } = childRows(ctx, parent, rel, items, path, rel.toOne);
  if (!rel.toOne && list.aggregated) {
    throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.');
  }
  if (list.labels.includes('*')) throw badQuery(`Cannot spread "${rel.target.name}": its columns are not known`);
  return list.labels.map((label) => {
    const row = ctx.aliases.alias();
    const key = quoteIdent(label);
    const value = `(select ${row}.${key} from (${rowsSql}) as ${row})`;
    const hoisted = list.hoisted.get(label);
    if (hoisted) {
      const sql = `${hoisted.fn}(${value})`;
      return { sql: hoisted.cast ? `(${sql})::${hoisted.cast}` : sql, label, aggregate: true };
    }
    if (rel.toOne) return { sql: value, label, aggregate: false };
    return { sql: `coalesce((select json_agg(${row}.${key}) from (${rowsSql}) as ${row}), '[]'::json)`, label, aggregate: false };
  });
}

/** The value of one column of a to-one embed's row (with the embed's own filters), for a related order. */
function relatedColumnSql(ctx: BuildContext, parent: Source, rel: Relationship, field: Field, path: string[]): string {
  const child = childOf(rel, path);
  const joined = joinedChild(ctx, parent, child, rel, path);
  return `(select ${fieldSql(child, field, ctx.params)} from ${joined.from}${whereSql(joined.where)} limit 1)`;
}

/**
 * `exists(…)` for an `!inner` embed, with its own `!inner` embeds nested inside, as PostgREST's inner joins chain.
 * `offset 0` keeps it a subquery run per parent row: PostgreSQL would otherwise turn it into a join that
 * can hand back the parents in the children's order, where PostgREST's inner lateral joins keep the parents' order.
 */
function existsSql(ctx: BuildContext, parent: Source, rel: Relationship, items: SelectItem[], path: string[]): string {
  const child = childOf(rel, path);
  const nested = selectList(ctx, child, items, path).innerJoins;
  const joined = joinedChild(ctx, parent, child, rel, path);
  return `exists (select 1 from ${joined.from}${whereSql([...joined.where, ...nested, ...deadlineAt(ctx)])} offset 0)`;
}
