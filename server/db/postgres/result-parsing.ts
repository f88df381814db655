import { types as pgliteTypes } from '@electric-sql/pglite';
import type { FieldDef, QueryArrayResult } from 'pg';
import type { DatabaseResults } from '../database.ts';

/**
 * Values come back from PostgreSQL as the text Postgres wrote (pg is told to parse nothing) and are
 * parsed here with PGlite's own parsers, so every service reads the same JavaScript values from both
 * engines: int2/int4/oid/float as numbers, int8 as a number (a BigInt past 2^53), json/jsonb parsed,
 * bool, date/timestamp/timestamptz as Date (±Infinity for infinity), bytea as Uint8Array, arrays of
 * those as arrays, everything else (numeric, uuid, interval, enums…) as text.
 */

type Parser = (text: string) => unknown;

const identity: Parser = (text) => text;

/** pg's per-client type parsing, off: every value stays the text Postgres sent. */
export const textOnlyTypes = {
  getTypeParser: () => identity,
};

/** Commands whose row count PGlite adds to `affectedRows`. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * Which array type holds which element type. PGlite reads this mapping once at start-up with the
 * query below (so int2vector and oidvector, which are no element type's array, stay text) and
 * parses each array with its element's parser; array types created later (an enum's) are looked up
 * the first time a result has them.
 */
export const ARRAY_TYPES_SQL = `
  select b.oid::int as elem, b.typarray::int as array
  from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A'
  group by b.oid, b.typarray`;

/** Runs SQL with parameters and returns rows of text, for the type catalog's own lookups. */
export type TextQuery = (sql: string, params: unknown[]) => Promise<(string | null)[][]>;

export class TypeParsers {
  readonly #parsers = new Map<number, Parser>();
  /** OIDs known to have no parser (text stays text). */
  readonly #plain = new Set<number>();

  /** Records every array type the database has now (at open, as PGlite does at start-up). */
  async load(query: TextQuery): Promise<void> {
    for (const [elem, array] of await query(ARRAY_TYPES_SQL, [])) this.#addArray(Number(array), Number(elem));
  }

  #addArray(array: number, elem: number): void {
    const element = pgliteTypes.parsers[elem] as Parser | undefined;
    this.#parsers.set(array, (text) => pgliteTypes.arrayParser(text, element as Parser, array));
  }

  #known(oid: number): boolean {
    return oid in pgliteTypes.parsers || this.#parsers.has(oid) || this.#plain.has(oid);
  }

  /** Looks up the field types no parser is known for yet (a type created since the database opened). */
  async prepare(fields: readonly FieldDef[], query: TextQuery): Promise<void> {
    const unknown = [...new Set(fields.map((field) => field.dataTypeID))].filter((oid) => !this.#known(oid));
    if (unknown.length === 0) return;
    const rows = await query('select oid::int as array, typelem::int as elem from pg_catalog.pg_type where oid = any($1::oid[]) and typcategory = $2 and exists (select 1 from pg_catalog.pg_type e where e.typarray = pg_type.oid)', [unknown, 'A']);
    for (const [array, elem] of rows) this.#addArray(Number(array), Number(elem));
    for (const oid of unknown) if (!this.#parsers.has(oid)) this.#plain.add(oid);
  }

  parserFor(oid: number): Parser {
    return (pgliteTypes.parsers[oid] as Parser | undefined) ?? this.#parsers.get(oid) ?? identity;
  }
}

/**
 * One statement's result as PGlite shapes it: rows as objects keyed by column name (a later column
 * of the same name wins), `fields` as name and type, the command word, `rowCount` when the command
 * tag carries one, and `affectedRows` counting INSERT, UPDATE, DELETE, COPY and MERGE rows — a
 * running total over the statements of one `exec`, as PGlite's is.
 */
export function shapeResult(
  result: QueryArrayResult<(string | null)[]>,
  parsers: TypeParsers,
  running: { affected: number },
  rawTypes: ReadonlySet<number>,
): DatabaseResults {
  const fields = result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
  const parse = fields.map((field) => (rawTypes.has(field.dataTypeID) ? identity : parsers.parserFor(field.dataTypeID)));
  const rows = result.rows.map((values) => Object.fromEntries(fields.map((field, i) => [field.name, values[i] === null || values[i] === undefined ? null : parse[i](values[i])])));
  const command = result.command;
  if (COUNTED.has(command) && typeof result.rowCount === 'number') running.affected += result.rowCount;
  const shaped: DatabaseResults & { command: string; rowCount?: number } = { rows, fields, command, affectedRows: running.affected };
  if (typeof result.rowCount === 'number') shaped.rowCount = result.rowCount;
  return shaped;
}
