import { badBody, RestError } from '../rest-error.ts';
import type { Preferences } from '../parser/prefer.ts';
import type { TableInfo } from '../schema-cache.ts';
import type { Source } from './field-sql.ts';
import { toPgText } from './pg-text.ts';
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

function checkColumns(table: TableInfo, names: string[]): void {
  for (const name of names) if (!table.columns.has(name)) throw unknownColumn(table, name);
}

/** Wraps a DML statement in a CTE and selects the representation, the row count and the upsert insert count. */
function finish(ctx: BuildContext, source: Source, dml: string, representation: boolean, upsert: boolean): string {
  const returning = representation ? `${source.alias}.*` : '1 as "_one"';
  const inserted = upsert ? `, (${source.alias}.xmax = 0) as "__pgrst_inserted"` : '';
  let body = 'null::text';
  if (representation) {
    const list = selectList(ctx, { ...source }, ctx.query.select, [], true);
    checkEmbedPaths(ctx);
    body = `(select coalesce(json_agg("_r"), '[]')::text from (select ${list.columns.join(', ')} from "_m" as ${source.alias}) as "_r")`;
  }
  const insertedCount = upsert ? `(select count(*) from "_m" where "__pgrst_inserted")::int` : 'null::int';
  return `with "_m" as (${dml} returning ${returning}${inserted}) select ${body} as body, (select count(*) from "_m")::int as page_count, ${insertedCount} as inserted`;
}

/** Validated filter clause; an empty one means the statement would touch every row (safeupdate refuses). */
function whereOf(ctx: BuildContext, source: Source): string[] {
  return conditionsSql(source, conditionsAt(ctx.query, []), ctx.params);
}

export function buildInsert(ctx: BuildContext, source: Source, table: TableInfo, body: unknown, prefs: Preferences, representation: boolean): string {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw badBody('Empty or invalid json', 'The body must be a JSON object or an array of objects');
  let columns: string[];
  if (ctx.query.columns) {
    columns = ctx.query.columns;
  } else {
    columns = rows.length > 0 ? Object.keys(rows[0]) : [];
    const key = [...columns].sort().join('\u0000');
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== key)) throw badBody('All object keys must match');
  }
  checkColumns(table, columns);
  const target = `${qualified(table.schema, table.name)} as ${source.alias}`;
  let dml: string;
  if (rows.length === 0) {
    dml = `insert into ${target} select * from ${qualified(table.schema, table.name)} where false`;
  } else if (columns.length === 0) {
    if (rows.length > 1) throw badBody('Inserting several rows without any column is not supported by the local backend');
    dml = `insert into ${target} default values`;
  } else {
    const values = rows.map((row) => {
      const cells = columns.map((name) => {
        const column = table.columns.get(name);
        if (!column) throw unknownColumn(table, name);
        if (!(name in row) && prefs.missing === 'default') return 'default';
        return `${ctx.params.add(toPgText(row[name], column))}::${column.type}`;
      });
      return `(${cells.join(', ')})`;
    });
    dml = `insert into ${target} (${columns.map(quoteIdent).join(', ')}) values ${values.join(', ')}`;
  }
  const upsert = prefs.resolution !== undefined;
  // Only merge-duplicates answers 200-vs-201 by insert count; reading xmax needs SELECT rights,
  // which DO UPDATE requires anyway but a write-only table's ignore-duplicates must not.
  const countInserted = prefs.resolution === 'merge-duplicates';
  if (upsert) {
    const conflict = ctx.query.onConflict ?? table.primaryKey;
    checkColumns(table, conflict);
    if (conflict.length === 0) throw badBody(`Cannot upsert into '${table.name}': no primary key and no on_conflict columns`);
    // As PostgREST: every payload column is set from EXCLUDED, the conflict columns too, so an
    // upsert needs UPDATE rights on all of them (a column-level grant that omits a key refuses it).
    const action =
      prefs.resolution === 'ignore-duplicates' || columns.length === 0
        ? 'do nothing'
        : `do update set ${columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
    dml += ` on conflict (${conflict.map(quoteIdent).join(', ')}) ${action}`;
  }
  return finish(ctx, source, dml, representation, countInserted);
}

export function buildUpdate(ctx: BuildContext, source: Source, table: TableInfo, body: unknown, representation: boolean): string | null {
  if (!isObject(body)) throw badBody('Empty or invalid json', 'PATCH expects a single JSON object');
  const columns = ctx.query.columns ?? Object.keys(body);
  checkColumns(table, columns);
  const where = whereOf(ctx, source);
  if (where.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause');
  const sets = columns
    .filter((name) => ctx.query.columns === undefined || name in body)
    .map((name) => {
      const column = table.columns.get(name);
      if (!column) throw unknownColumn(table, name);
      return `${quoteIdent(name)} = ${ctx.params.add(toPgText(body[name], column))}::${column.type}`;
    });
  if (sets.length === 0) return null;
  const dml = `update ${qualified(table.schema, table.name)} as ${source.alias} set ${sets.join(', ')} where ${where.map((w) => `(${w})`).join(' and ')}`;
  return finish(ctx, source, dml, representation, false);
}

export function buildDelete(ctx: BuildContext, source: Source, table: TableInfo, representation: boolean): string {
  const where = whereOf(ctx, source);
  if (where.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause');
  const dml = `delete from ${qualified(table.schema, table.name)} as ${source.alias} where ${where.map((w) => `(${w})`).join(' and ')}`;
  return finish(ctx, source, dml, representation, false);
}
