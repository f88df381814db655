import type { PGlite } from '@electric-sql/pglite';
import { loadRoleTimeouts } from './role-timeouts.ts';

export interface ColumnInfo {
  name: string;
  /** `format_type()` of the column: safe to paste after `::` because it comes from the catalog. */
  type: string;
  /** pg_type.typcategory: 'A' array, 'U' user/json…, 'S' string, 'N' numeric… */
  category: string;
  /** The base type name (`tsvector`, `jsonb`, …). */
  typeName: string;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

/** A foreign key `table(columns) → refTable(refColumns)`. */
export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  category: string;
  typeName: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** scalar: bare value; composite: row (table type, record, or TABLE(...)); void. */
  returnKind: 'scalar' | 'composite' | 'void';
  /** Composite results' relation (for `*`, embedding and filters), when the function returns a table's row type. */
  returnTable?: string;
  /** OUT / TABLE(...) columns: lets filters and select on such results be validated too. */
  outColumns: ColumnInfo[];
  volatility: 'i' | 's' | 'v';
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  /** statement_timeout per API role, in milliseconds (none: no limit). */
  roleTimeoutsMs: Map<string, number>;
}

const tableKey = (schema: string, name: string): string => `${schema}.${name}`;

export function findTable(cache: SchemaCache, schema: string, name: string): TableInfo | undefined {
  return cache.tables.get(tableKey(schema, name));
}

export function findFunctions(cache: SchemaCache, schema: string, name: string): FunctionInfo[] {
  return cache.functions.get(tableKey(schema, name)) ?? [];
}

interface ColumnRow {
  schema: string;
  table: string;
  column: string;
  type: string;
  category: string;
  type_name: string;
  pk: boolean;
}

interface FkRow {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  ref_schema: string;
  ref_table: string;
  ref_columns: string[];
}

interface FnRow {
  schema: string;
  name: string;
  arg_names: string[] | null;
  arg_types: string[] | null;
  arg_categories: string[] | null;
  arg_type_names: string[] | null;
  arg_modes: string[] | null;
  nargs: number;
  ndefaults: number;
  returns_set: boolean;
  return_type: string;
  return_category: string;
  return_relation: string | null;
  volatility: 'i' | 's' | 'v';
}

/** Reads relations, columns, keys and functions of the exposed schemas from pg_catalog (one round trip each). */
export async function loadSchemaCache(db: PGlite, schemas: string[]): Promise<SchemaCache> {
  const columns = await db.query<ColumnRow>(
    `select n.nspname as schema, c.relname as "table", a.attname as "column",
            format_type(a.atttypid, a.atttypmod) as type, t.typcategory as category, t.typname as type_name,
            coalesce(a.attnum = any(pk.conkey), false) as pk
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
      where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')
      order by c.oid, a.attnum`,
    [schemas],
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    const key = tableKey(row.schema, row.table);
    let table = tables.get(key);
    if (!table) {
      table = { schema: row.schema, name: row.table, columns: new Map(), primaryKey: [] };
      tables.set(key, table);
    }
    table.columns.set(row.column, { name: row.column, type: row.type, category: row.category, typeName: row.type_name });
    if (row.pk) table.primaryKey.push(row.column);
  }
  const fks = await db.query<FkRow>(
    `select con.conname as name, n.nspname as schema, c.relname as "table",
            array(select attname from unnest(con.conkey) with ordinality k(num, ord)
                    join pg_attribute on attrelid = con.conrelid and attnum = k.num order by k.ord)::text[] as columns,
            rn.nspname as ref_schema, rc.relname as ref_table,
            array(select attname from unnest(con.confkey) with ordinality k(num, ord)
                    join pg_attribute on attrelid = con.confrelid and attnum = k.num order by k.ord)::text[] as ref_columns
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = any($1) and rn.nspname = any($1)`,
    [schemas],
  );
  const functions = new Map<string, FunctionInfo[]>();
  const fns = await db.query<FnRow>(
    `select n.nspname as schema, p.proname as name, p.proargnames as arg_names,
            array(select format_type(u.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) order by u.ord)::text[] as arg_types,
            array(select typcategory::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) join pg_type on oid = u.t order by u.ord)::text[] as arg_categories,
            array(select typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) join pg_type on oid = u.t order by u.ord)::text[] as arg_type_names,
            p.proargmodes::text[] as arg_modes, p.pronargs as nargs, p.pronargdefaults as ndefaults,
            p.proretset as returns_set, format_type(p.prorettype, null) as return_type, rt.typcategory as return_category,
            case when rt.typrelid <> 0 then (select relname from pg_class where oid = rt.typrelid) end as return_relation,
            p.provolatile as volatility
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      where n.nspname = any($1) and p.prokind = 'f'`,
    [schemas],
  );
  for (const row of fns.rows) {
    const key = tableKey(row.schema, row.name);
    const list = functions.get(key) ?? [];
    list.push(toFunctionInfo(row));
    functions.set(key, list);
  }
  return {
    tables,
    foreignKeys: fks.rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      table: row.table,
      columns: row.columns,
      refSchema: row.ref_schema,
      refTable: row.ref_table,
      refColumns: row.ref_columns,
    })),
    functions,
    roleTimeoutsMs: await loadRoleTimeouts(db),
  };
}

function toFunctionInfo(row: FnRow): FunctionInfo {
  const types = row.arg_types ?? [];
  const modes = row.arg_modes ?? types.map(() => 'i');
  const inArgs: FunctionArg[] = [];
  const outColumns: ColumnInfo[] = [];
  types.forEach((type, i) => {
    const mode = modes[i];
    if (mode === 'o' || mode === 't' || mode === 'b') {
      outColumns.push({ name: row.arg_names?.[i] ?? '', type, category: row.arg_categories?.[i] ?? '', typeName: row.arg_type_names?.[i] ?? '' });
    }
    if (mode !== 'i' && mode !== 'b' && mode !== 'v') return;
    inArgs.push({
      name: row.arg_names?.[i] ?? '',
      type,
      category: row.arg_categories?.[i] ?? '',
      typeName: row.arg_type_names?.[i] ?? '',
      hasDefault: false,
    });
  });
  // Defaults belong to the last `pronargdefaults` input arguments.
  for (let i = inArgs.length - row.ndefaults; i < inArgs.length; i++) if (i >= 0) inArgs[i].hasDefault = true;
  const returnsTable = modes.includes('t');
  let returnKind: FunctionInfo['returnKind'] = 'scalar';
  if (row.return_type === 'void') returnKind = 'void';
  else if (row.return_relation !== null || row.return_type === 'record' || returnsTable) returnKind = 'composite';
  return {
    schema: row.schema,
    name: row.name,
    args: inArgs,
    returnsSet: row.returns_set,
    returnKind,
    returnTable: row.return_relation ?? undefined,
    outColumns,
    volatility: row.volatility,
  };
}
