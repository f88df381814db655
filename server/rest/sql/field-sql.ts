import type { Field } from '../parser/types.ts';
import type { ColumnInfo, TableInfo } from '../schema-cache.ts';
import { qualified, quoteIdent } from '../../db/sql-identifier.ts';
import type { Params } from './quote.ts';

/** What a SQL builder knows about the relation behind an alias. `table` is undefined for untyped RPC results. */
export interface Source {
  alias: string;
  table?: TableInfo;
  /** The name used in error messages (`column notes.x does not exist`). */
  label: string;
  /** The embeds selected at this level by output name (alias or relation), set by selectList. */
  embeds?: Map<string, EmbedRef>;
}

/** What filters and orders of a level may ask of one of its embeds. */
export interface EmbedRef {
  toOne: boolean;
  /** `exists(…)` over the embed's rows with its own filters, as an `!inner` embed joins them. */
  exists(): string;
  /** One column of the embedded row (to-one embeds), for a related order. */
  column(field: Field): string;
}

/**
 * What the cache knows of a column or computed field; undefined for any other name, which goes to
 * Postgres as PostgREST sends it (`alias."name"`): Postgres reads it as a function of the row when
 * one fits (`count` counts the rows, as PostgREST's old `select=count` does) and otherwise answers
 * its own 42703 naming the alias, which is PostgREST's (`projects_1.x`).
 */
export function columnOf(source: Source, name: string): ColumnInfo | undefined {
  return source.table?.columns.get(name) ?? source.table?.computedFields?.get(name)?.returnColumn;
}

/**
 * `alias."col"->$1::text->>0`: the column is checked against the cache, JSON keys are bound
 * parameters. A computed field (a function of the row, PostgREST's "computed columns") is called
 * with the row: `"schema"."fn"(alias)`.
 */
export function fieldSql(source: Source, field: Field, params: Params): string {
  const computed = source.table?.columns.has(field.name) ? undefined : source.table?.computedFields?.get(field.name);
  // `alias.*` is the whole row even where a column is named like the alias.
  let sql = computed ? `${qualified(computed.schema, computed.name)}(${source.alias}.*)` : `${source.alias}.${quoteIdent(field.name)}`;
  for (const step of field.json) {
    const key = /^-?\d{1,9}$/.test(step.key) ? String(Number(step.key)) : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

/** The output name PostgREST gives a selected field: the alias, else the last JSON key, else the column. */
export function fieldLabel(field: Field): string {
  return field.json.length > 0 ? field.json[field.json.length - 1].key : field.name;
}
