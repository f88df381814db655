import { RestError } from '../rest-error.ts';
import type { BodyMedia } from '../media-type.ts';
import type { Preferences } from '../parser/prefer.ts';
import { isJsonObjectText, type WritePayload } from '../request-payload.ts';
import type { TableInfo } from '../schema-cache.ts';
import type { Source } from './field-sql.ts';
import { aggregateRows } from './media-sql.ts';
import { sqlLiteral } from '../../db/sql-literal.ts';
import { qualified, quoteIdent } from '../../db/sql-identifier.ts';
import { checkEmbedPaths, conditionsAt, selectList, type BuildContext } from './select-sql.ts';
import { conditionsSql } from './where-sql.ts';

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownColumn(table: TableInfo, name: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
}

/** PostgREST resolves the written columns in sorted order, so the first unknown one is named. */
function checkColumns(table: TableInfo, names: string[]): void {
  for (const name of names) if (!table.columns.has(name)) throw unknownColumn(table, name);
}

/** What a mutation's statement returns besides its row count. */
export interface MutationOutput {
  /** The representation's format, or null for no body (return=minimal / headers-only). */
  media: BodyMedia | null;
  /** return=headers-only: the created row's `pk=eq.value` pairs, for Location. */
  location: boolean;
  /** merge-duplicates: how many rows were inserted rather than updated (200 vs 201). */
  countInserted: boolean;
}

/**
 * Wraps a DML statement in a CTE and selects the body, the row count, the upsert insert count and
 * the Location pairs. Location follows PostgREST's locationF: the first row's primary-key columns
 * (sorted, as its RETURNING list is), `eq.value` or `is.null`.
 */
function finish(ctx: BuildContext, source: Source, table: TableInfo, dml: string, out: MutationOutput): string {
  let returning = '1 as "_one"';
  if (out.media !== null) returning = `${source.alias}.*`;
  else if (out.location && table.primaryKey.length > 0) returning = table.primaryKey.map((k) => `${source.alias}.${quoteIdent(k)}`).join(', ');
  const inserted = out.countInserted ? `, (${source.alias}.xmax = 0) as "__pgrst_inserted"` : '';
  const extra = [
    '(select count(*) from "_m")::int as page_count',
    `${out.countInserted ? '(select count(*) from "_m" where "__pgrst_inserted")::int' : 'null::int'} as inserted`,
  ];
  if (out.location && table.primaryKey.length > 0) {
    const keys = table.primaryKey.map(sqlLiteral).join(', ');
    extra.push(
      `(select array_agg(j.key || '=' || coalesce('eq.' || j.value, 'is.null') order by j.key collate "C") from (select row_to_json(l) as row from "_m" as l limit 1) as d cross join json_each_text(d.row) as j where j.key in (${keys})) as location`,
    );
  }
  const cte = `with "_m" as (${dml} returning ${returning}${inserted})`;
  // Built even when nothing is returned: PostgREST plans `select` (and refuses a bad one) either way.
  const list = selectList(ctx, { ...source }, ctx.query.select, [], true);
  checkEmbedPaths(ctx);
  if (out.media === null) return `${cte} select null::text as body, ${extra.join(', ')}`;
  return `${cte} ${aggregateRows(out.media, `select ${list.columns.join(', ')} from "_m" as ${source.alias}`, extra)}`;
}

/** Validated filter clause; an empty one means the statement would touch every row (safeupdate refuses). */
function whereOf(ctx: BuildContext, source: Source): string[] {
  return conditionsSql(source, conditionsAt(ctx.query, []), ctx.params);
}

/**
 * The body as rows, as PostgREST's fromJsonBodyF: `pgrst_body` holds the written columns parsed by
 * json_to_record(set) with each column's type, so Postgres converts every value (and reports a bad
 * one) as it would for PostgREST. With missing=default (`defaults` given), each element is first
 * merged over an object of the columns' DEFAULT expressions, evaluated once per element, so a
 * key the element lacks takes its column's default (two rows, two sequence values) and one it has
 * keeps its value; a column without a default stays NULL.
 */
function bodySource(payload: WritePayload, table: TableInfo, defaults: Map<string, string> | null): string {
  const object = isJsonObjectText(payload.json);
  const typed = payload.columns.map((name) => `${quoteIdent(name)} ${table.columns.get(name)?.type ?? 'text'}`).join(', ');
  const names = payload.columns.map(quoteIdent).join(', ');
  let from: string;
  let data: string;
  let b = '';
  if (defaults === null) {
    from = `from (select ${sqlLiteral(payload.json)}::json as json_data) as pgrst_payload, `;
    data = 'pgrst_payload.json_data';
  } else {
    b = 'b';
    const pairs = payload.columns.flatMap((name) => {
      const expr = defaults.get(name);
      return expr === undefined ? [] : [`${sqlLiteral(name)}, ${expr}`];
    });
    const defs = `jsonb_build_object(${pairs.join(', ')})`;
    const merged = object
      ? `(select ${defs} || pgrst_payload.json_data as val)`
      : `(select jsonb_agg(${defs} || elem) as val from jsonb_array_elements(pgrst_payload.json_data) as elem)`;
    from = `from (select ${sqlLiteral(payload.json)}::jsonb as json_data) as pgrst_payload, lateral ${merged} as pgrst_json_defs, `;
    data = 'pgrst_json_defs.val';
  }
  if (payload.columns.length === 0) {
    // `{}` is one row of defaults, `[{}, {}]` one per element.
    const rows = object ? '(values (1)) as _' : `json${b}_array_elements(${data}) as _`;
    return `${from}lateral (select from ${rows}) as pgrst_body`;
  }
  const recordset = object ? `json${b}_to_record` : `json${b}_to_recordset`;
  return `${from}lateral (select ${names} from ${recordset}(${data}) as _(${typed})) as pgrst_body`;
}

export function buildInsert(
  ctx: BuildContext,
  source: Source,
  table: TableInfo,
  payload: WritePayload,
  prefs: Preferences,
  defaults: Map<string, string> | null,
  out: MutationOutput,
): string {
  checkColumns(table, payload.columns);
  const { columns } = payload;
  const target = `${qualified(table.schema, table.name)} as ${source.alias}`;
  const list = columns.length > 0 ? ` (${columns.map(quoteIdent).join(', ')})` : '';
  const picked = columns.map((c) => `pgrst_body.${quoteIdent(c)}`).join(', ');
  let dml = `insert into ${target}${list} select ${picked} ${bodySource(payload, table, defaults)}`;
  // As PostgREST: no conflict target (no primary key, no on_conflict) means a plain insert.
  const conflict = ctx.query.onConflict ?? table.primaryKey;
  if (prefs.resolution !== undefined && conflict.length > 0) {
    // Every payload column is set from EXCLUDED, the conflict columns too, so an upsert needs
    // UPDATE rights on all of them (a column-level grant that omits a key refuses it).
    const action =
      prefs.resolution === 'ignore-duplicates' || columns.length === 0
        ? 'do nothing'
        : `do update set ${columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
    dml += ` on conflict (${conflict.map(quoteIdent).join(', ')}) ${action}`;
  }
  return finish(ctx, source, table, dml, out);
}

/** UPDATE … SET col = pgrst_body.col for every written column (a key missing from the body sets NULL, or its default). */
export function buildUpdate(
  ctx: BuildContext,
  source: Source,
  table: TableInfo,
  payload: WritePayload,
  defaults: Map<string, string> | null,
  out: MutationOutput,
): string | null {
  checkColumns(table, payload.columns);
  const where = whereOf(ctx, source);
  if (where.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause');
  if (payload.columns.length === 0) return null;
  const sets = payload.columns.map((name) => `${quoteIdent(name)} = pgrst_body.${quoteIdent(name)}`);
  const dml = `update ${qualified(table.schema, table.name)} as ${source.alias} set ${sets.join(', ')} ${bodySource(payload, table, defaults)} where ${where.map((w) => `(${w})`).join(' and ')}`;
  return finish(ctx, source, table, dml, out);
}

export function buildDelete(ctx: BuildContext, source: Source, table: TableInfo, out: MutationOutput): string {
  const where = whereOf(ctx, source);
  if (where.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause');
  const dml = `delete from ${qualified(table.schema, table.name)} as ${source.alias} where ${where.map((w) => `(${w})`).join(' and ')}`;
  return finish(ctx, source, table, dml, out);
}
