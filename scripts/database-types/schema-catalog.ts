import type { Database } from '../../server/index.ts';

/**
 * What type generation needs to know about a database, read from pg_catalog: the same facts
 * postgres-meta gathers for `supabase gen types typescript` (its tables, views, columns,
 * relationships, functions and types lists), so the rendered file can have the same shape.
 */
export interface SchemaCatalog {
  /** The schemas to describe, as asked for and present in the database, sorted. */
  schemas: string[];
  relations: CatalogRelation[];
  columns: CatalogColumn[];
  foreignKeys: CatalogForeignKey[];
  functions: CatalogFunction[];
  /** Every type in the database (all schemas): columns and arguments name theirs by pg_type name. */
  types: CatalogType[];
}

export interface CatalogRelation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'foreign_table' | 'view' | 'materialized_view';
  /** Views only: whether inserts and updates go through it (as information_schema.views says). */
  updatable: boolean;
}

export interface CatalogColumn {
  relationId: number;
  name: string;
  /** pg_type name of the column's type, of the base type for a domain: `int8`, `_text`, `order_status`. */
  typeName: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: 'ALWAYS' | 'BY DEFAULT' | null;
  /** Whether the column can be written (always for tables, per column for views). */
  updatable: boolean;
}

export interface CatalogForeignKey {
  name: string;
  schema: string;
  relation: string;
  columns: string[];
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
  /** The referencing columns are also a primary key or unique constraint of their table. */
  oneToOne: boolean;
}

export type ArgMode = 'in' | 'out' | 'inout' | 'variadic' | 'table';

export interface CatalogFunctionArg {
  mode: ArgMode;
  /** '' for an unnamed argument. */
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface CatalogFunction {
  schema: string;
  name: string;
  /** Every argument, OUT and TABLE ones included, in declaration order. */
  args: CatalogFunctionArg[];
  /** pg_get_function_arguments: `p_query text, p_limit integer DEFAULT 24`, or `items` for a computed field. */
  argumentTypes: string;
  /** pg_get_function_result: `SETOF items`, `integer`, `TABLE(id bigint, …)`. */
  returnType: string;
  returnTypeId: number;
  /** The relation whose row type the function returns (a table, view or composite type). */
  returnTypeRelationId: number | null;
  returnsSet: boolean;
  /** The planner's row estimate (`ROWS n`) of a set-returning function. */
  rows: number | null;
}

export interface CatalogType {
  id: number;
  name: string;
  schema: string;
  /** format_type(): how the type is written where the schema is on the search path. */
  format: string;
  enumValues: string[];
  /** Composite types' fields. */
  attributes: { name: string; typeId: number }[];
  /** The relation behind a row or composite type. */
  relationId: number | null;
}

// oid columns are read as int8 and converted: PGlite returns int8 as a JS number when it fits.
const RELATIONS_SQL = `
  select c.oid::int8 as id, n.nspname as schema, c.relname as name,
         case c.relkind when 'f' then 'foreign_table' when 'v' then 'view' when 'm' then 'materialized_view' else 'table' end as kind,
         c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'f', 'v', 'm') and n.nspname = any($1::text[])`;

const COLUMNS_SQL = `
  select c.oid::int8 as "relationId", a.attname as name,
         coalesce(base.typname, t.typname) as "typeName",
         not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
         a.atthasdef as "hasDefault",
         case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity,
         c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type base on t.typtype = 'd' and base.oid = t.typbasetype
  where a.attnum > 0 and not a.attisdropped
    and c.relkind in ('r', 'p', 'f', 'v', 'm') and n.nspname = any($1::text[])`;

// A foreign key is one-to-one when its columns, in its own order, are those of a primary key or
// unique constraint in table order (postgres-meta compares the two lists as they are).
const FOREIGN_KEYS_SQL = `
  select fk.conname as name, n.nspname as schema, rel.relname as relation,
         (select array_agg(a.attname::text order by k.ord) from unnest(fk.conkey) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.num) as columns,
         refn.nspname as "referencedSchema", ref.relname as "referencedRelation",
         (select array_agg(a.attname::text order by k.ord) from unnest(fk.confkey) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = fk.confrelid and a.attnum = k.num) as "referencedColumns",
         exists (
           select 1 from pg_constraint u
           where u.conrelid = fk.conrelid and u.contype in ('p', 'u')
             and (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
                  where a.attrelid = u.conrelid and a.attnum = any(u.conkey))
               = (select array_agg(a.attname::text order by k.ord) from unnest(fk.conkey) with ordinality k(num, ord)
                  join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.num)
         ) as "oneToOne"
  from pg_constraint fk
  join pg_namespace n on n.oid = fk.connamespace
  join pg_class rel on rel.oid = fk.conrelid
  join pg_class ref on ref.oid = fk.confrelid
  join pg_namespace refn on refn.oid = ref.relnamespace
  where fk.contype = 'f' and fk.conparentid = 0 and n.nspname = any($1::text[])`;

// proargmodes / proargnames are null when every argument is IN / unnamed; proallargtypes is
// null when there are only IN arguments. Defaults belong to the last pronargdefaults inputs.
const FUNCTIONS_SQL = `
  with fn as (
    select p.*, n.nspname,
           coalesce(p.proallargtypes, p.proargtypes::oid[]) as all_types
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prokind = 'f' and n.nspname = any($1::text[])
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
  )
  select fn.nspname as schema, fn.proname as name,
         pg_get_function_arguments(fn.oid) as "argumentTypes",
         pg_get_function_result(fn.oid) as "returnType",
         fn.prorettype::int8 as "returnTypeId",
         nullif(rt.typrelid, 0)::int8 as "returnTypeRelationId",
         fn.proretset as "returnsSet",
         case when fn.proretset then nullif(fn.prorows, 0) end as rows,
         coalesce((
           select jsonb_agg(jsonb_build_object(
                    'mode', case arg.mode when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' when 't' then 'table' else 'in' end,
                    'name', arg.name, 'typeId', arg.type_id::int8, 'hasDefault', arg.has_default
                  ) order by arg.ord)
           from (
             select a.*, a.mode in ('i', 'b', 'v')
                      and count(*) filter (where a.mode in ('i', 'b', 'v')) over (order by a.ord desc) <= fn.pronargdefaults as has_default
             from unnest(fn.all_types, coalesce(fn.proargmodes, array_fill('i'::"char", array[cardinality(fn.all_types)])),
                         coalesce(fn.proargnames, array_fill(''::text, array[cardinality(fn.all_types)])))
                  with ordinality as a(type_id, mode, name, ord)
           ) arg
         ), '[]'::jsonb) as args
  from fn join pg_type rt on rt.oid = fn.prorettype`;

const TYPES_SQL = `
  select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
         coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '{}') as "enumValues",
         coalesce((
           select jsonb_agg(jsonb_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
           from pg_class c join pg_attribute a on a.attrelid = c.oid
           where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped
         ), '[]'::jsonb) as attributes,
         nullif(t.typrelid, 0)::int8 as "relationId"
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

/** Reads what type generation needs about `schemas` (the ones that do not exist are left out). */
export async function readSchemaCatalog(db: Database, schemas: readonly string[]): Promise<SchemaCatalog> {
  const wanted = [...schemas];
  const present = await db.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1::text[])', [wanted]);
  const relations = await db.query<CatalogRelation>(RELATIONS_SQL, [wanted]);
  const columns = await db.query<CatalogColumn>(COLUMNS_SQL, [wanted]);
  const foreignKeys = await db.query<CatalogForeignKey>(FOREIGN_KEYS_SQL, [wanted]);
  const functions = await db.query<CatalogFunction>(FUNCTIONS_SQL, [wanted]);
  const types = await db.query<CatalogType>(TYPES_SQL);
  return {
    schemas: present.rows.map((row) => row.name).sort(compareNames),
    relations: relations.rows,
    columns: columns.rows,
    foreignKeys: foreignKeys.rows,
    functions: functions.rows,
    types: types.rows,
  };
}

const collator = new Intl.Collator('en-US');

/**
 * The CLI's generator sorts every list with String#localeCompare; a fixed locale keeps the
 * order the same on every machine whatever its LANG.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}
