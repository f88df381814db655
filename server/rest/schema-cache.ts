import type { Database } from '../db/database.ts';
import { loadRoleTimeouts, loadRoleSettings } from './role-timeouts.ts';

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
  /** A view (or materialized view): reached by relationships only through its base tables' keys. */
  isView?: boolean;
  /** The column sets of the primary key and every unique constraint (a foreign key on one is one-to-one). */
  uniqueKeys?: string[][];
  /** Functions taking this relation's row and returning a scalar: selectable, filterable and orderable as columns. */
  computedFields?: Map<string, FunctionInfo>;
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
  /** The type as `regtype::text` spells it (`integer`, `text`): PostgREST's ppType, named in PGRST203. */
  type: string;
  category: string;
  typeName: string;
  hasDefault: boolean;
  /** A VARIADIC parameter. */
  variadic: boolean;
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
  /** The relation whose row type is the only argument: a computed field or computed relationship of it. */
  rowArgument?: { schema: string; name: string };
  /** The schema of `returnTable`. */
  returnSchema?: string;
  /** Not SETOF, or `ROWS 1`: a computed relationship to one row. */
  singleRow: boolean;
  /** The result as a column, for scalar functions (computed fields are typed by it). */
  returnColumn: ColumnInfo;
  /**
   * Callable through /rpc, as PostgREST's schema cache keeps routines: every parameter named, or a
   * single unnamed one of a type that can take a raw body (json, jsonb, text, xml, bytea). Others
   * (`f(int)`, `f(table_row)`) are still computed fields and relationships, never RPC candidates.
   */
  callable: boolean;
  /** What PostgREST orders overloads by after their parameter count (its Routine Ord instance). */
  order: RoutineOrder;
}

/** The fields PostgREST's Routine Ord compares, in its order. */
export interface RoutineOrder {
  description: string | null;
  returnSetOf: boolean;
  returnComposite: boolean;
  returnSchema: string;
  returnName: string;
  /** 0 volatile, 1 stable, 2 immutable (the declaration order of its FuncVolatility). */
  volatility: number;
  hasVariadic: boolean;
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  /** statement_timeout per API role, in milliseconds (none: no limit). */
  roleTimeoutsMs: Map<string, number>;
  /** PostgREST's db-aggregates-enabled, from the in-database config (off by default, as in PostgREST). */
  aggregatesEnabled: boolean;
  /** PostgREST's db-plan-enabled (EXPLAIN through the plan media type), read the same way; off by default. */
  planEnabled: boolean;
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
  kind: string;
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
  return_type_name: string;
  return_relation: string | null;
  return_schema: string | null;
  volatility: 'i' | 's' | 'v';
  row_arg_schema: string | null;
  row_arg_relation: string | null;
  rows: number;
  description: string | null;
  has_variadic: boolean;
  ret_base_schema: string;
  ret_base_name: string;
}

/** Reads relations, columns, keys and functions of the exposed schemas from pg_catalog (one round trip each). */
export async function loadSchemaCache(db: Database, schemas: string[]): Promise<SchemaCache> {
  const columns = await db.query<ColumnRow>(
    `select n.nspname as schema, c.relname as "table", a.attname as "column",
            format_type(a.atttypid, a.atttypmod) as type, t.typcategory as category, t.typname as type_name,
            coalesce(a.attnum = any(pk.conkey), false) as pk, c.relkind::text as kind
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
      table = { schema: row.schema, name: row.table, columns: new Map(), primaryKey: [], isView: row.kind === 'v' || row.kind === 'm', uniqueKeys: [] };
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
      where con.contype = 'f' and n.nspname = any($1) and rn.nspname = any($1)
      order by con.conrelid, con.conname`,
    [schemas],
  );
  const tableKeys: ForeignKey[] = fks.rows.map((row) => ({
    name: row.name,
    schema: row.schema,
    table: row.table,
    columns: row.columns,
    refSchema: row.ref_schema,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
  }));
  const functions = new Map<string, FunctionInfo[]>();
  const fns = await db.query<FnRow>(
    `select n.nspname as schema, p.proname as name, p.proargnames as arg_names,
            array(select format_type(u.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) order by u.ord)::text[] as arg_types,
            array(select typcategory::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) join pg_type on oid = u.t order by u.ord)::text[] as arg_categories,
            array(select typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) join pg_type on oid = u.t order by u.ord)::text[] as arg_type_names,
            p.proargmodes::text[] as arg_modes, p.pronargs as nargs, p.pronargdefaults as ndefaults,
            p.proretset as returns_set, format_type(p.prorettype, null) as return_type, rt.typcategory as return_category, rt.typname as return_type_name,
            case when rt.typrelid <> 0 then (select relname from pg_class where oid = rt.typrelid) end as return_relation,
            case when rt.typrelid <> 0 then (select nspname from pg_class join pg_namespace on pg_namespace.oid = relnamespace where pg_class.oid = rt.typrelid) end as return_schema,
            p.provolatile as volatility, p.prorows::float8 as rows,
            ac.relname as row_arg_relation, an.nspname as row_arg_schema,
            d.description, p.provariadic <> 0 as has_variadic,
            bn.nspname as ret_base_schema, coalesce(bc.relname, bt.typname) as ret_base_name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
       -- the result's base type (under a domain), which PostgREST orders overloads by
       join pg_type bt on bt.oid = coalesce(nullif(rt.typbasetype, 0), rt.oid) join pg_namespace bn on bn.oid = bt.typnamespace
       left join pg_class bc on bc.oid = bt.typrelid
       left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass and d.objsubid = 0
       left join pg_type at on p.pronargs = 1 and at.oid = p.proargtypes[0] and at.typrelid <> 0
       left join pg_class ac on ac.oid = at.typrelid and ac.relkind in ('r', 'v', 'm', 'f', 'p')
       left join pg_namespace an on an.oid = ac.relnamespace
      where n.nspname = any($1) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`,
    [schemas],
  );
  await addUniqueKeys(db, schemas, tables);
  for (const row of fns.rows) {
    const key = tableKey(row.schema, row.name);
    const list = functions.get(key) ?? [];
    const fn = toFunctionInfo(row);
    list.push(fn);
    functions.set(key, list);
    const table = fn.rowArgument && tables.get(tableKey(fn.rowArgument.schema, fn.rowArgument.name));
    if (table && fn.returnKind === 'scalar' && !fn.returnsSet) (table.computedFields ??= new Map()).set(fn.name, fn);
  }
  for (const list of functions.values()) list.sort(compareRoutines);
  const settings = await loadRoleSettings(db, 'authenticator', ['pgrst.db_aggregates_enabled', 'pgrst.db_plan_enabled']);
  return {
    tables,
    foreignKeys: [...tableKeys, ...(await viewForeignKeys(db, schemas, tableKeys, tables))],
    functions,
    roleTimeoutsMs: await loadRoleTimeouts(db),
    aggregatesEnabled: settings.get('pgrst.db_aggregates_enabled') === 'true',
    planEnabled: settings.get('pgrst.db_plan_enabled') === 'true',
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
      variadic: mode === 'v',
    });
  });
  // Defaults belong to the last `pronargdefaults` input arguments.
  for (let i = inArgs.length - row.ndefaults; i < inArgs.length; i++) if (i >= 0) inArgs[i].hasDefault = true;
  const unnamed = inArgs.filter((a) => a.name === '').length;
  const callable = unnamed === 0 || (unnamed === 1 && RAW_BODY_TYPES.has(inArgs[0].type));
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
    returnSchema: row.return_schema ?? undefined,
    outColumns,
    volatility: row.volatility,
    rowArgument: row.row_arg_relation !== null && row.row_arg_schema !== null ? { schema: row.row_arg_schema, name: row.row_arg_relation } : undefined,
    singleRow: !row.returns_set || row.rows === 1,
    returnColumn: { name: row.name, type: row.return_type, category: row.return_category, typeName: row.return_type_name },
    callable,
    order: {
      description: row.description,
      returnSetOf: row.returns_set,
      returnComposite: returnKind === 'composite',
      returnSchema: row.ret_base_schema,
      returnName: row.ret_base_name,
      volatility: { v: 0, s: 1, i: 2 }[row.volatility],
      hasVariadic: row.has_variadic,
    },
  };
}

/** The parameter types a single unnamed parameter may have and still be called (it takes the raw body). */
const RAW_BODY_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/** Haskell's derived Ord on these values: code-point text order, False < True, Nothing < Just. */
function compareValues(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function compareLists<T>(a: T[], b: T[], compare: (x: T, y: T) => number): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compare(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/**
 * PostgREST's order of overloads (its Routine Ord): fewer parameters first, then the description,
 * the parameters (name, type, required, variadic), the return type (single before SETOF, scalar
 * before composite, then its schema and name), the volatility and whether it is variadic. PGRST203
 * lists the candidates in this order.
 */
export function compareRoutines(a: FunctionInfo, b: FunctionInfo): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  const param = (x: FunctionArg, y: FunctionArg): number =>
    compareValues(x.name, y.name) || compareValues(x.type, y.type) || compareValues(!x.hasDefault, !y.hasDefault) || compareValues(x.variadic, y.variadic);
  return (
    compareValues(a.order.description, b.order.description) ||
    compareLists(a.args, b.args, param) ||
    compareValues(a.order.returnSetOf, b.order.returnSetOf) ||
    compareValues(a.order.returnComposite, b.order.returnComposite) ||
    compareValues(a.order.returnSchema, b.order.returnSchema) ||
    compareValues(a.order.returnName, b.order.returnName) ||
    compareValues(a.order.volatility, b.order.volatility) ||
    compareValues(a.order.hasVariadic, b.order.hasVariadic)
  );
}

/** The primary key and unique constraints of each relation, as column-name sets. */
async function addUniqueKeys(db: Database, schemas: string[], tables: Map<string, TableInfo>): Promise<void> {
  const { rows } = await db.query<{ schema: string; table: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as "table",
            array(select attname from unnest(con.conkey) k(num) join pg_attribute on attrelid = con.conrelid and attnum = k.num)::text[] as columns
       from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
      where con.contype in ('p', 'u') and n.nspname = any($1)`,
    [schemas],
  );
  for (const row of rows) tables.get(tableKey(row.schema, row.table))?.uniqueKeys?.push(row.columns);
}

/**
 * A view that passes a table's key columns through under their own names takes part in that table's
 * relationships, as PostgREST's view key dependencies do (it reads the view's rewrite rules; here the
 * catalog's view column usage answers the same for views that do not rename key columns). Such a
 * view also has the primary key of each table whose key it passes, so it can be a many-to-many
 * junction as its table is.
 */
async function viewForeignKeys(db: Database, schemas: string[], keys: ForeignKey[], tables: Map<string, TableInfo>): Promise<ForeignKey[]> {
  const { rows } = await db.query<{ view_schema: string; view: string; table_schema: string; table: string; columns: string[] }>(
    `select u.view_schema, u.view_name as view, u.table_schema, u.table_name as "table",
            array_agg(u.column_name::text)::text[] as columns
       from information_schema.view_column_usage u
       join information_schema.columns c on c.table_schema = u.view_schema and c.table_name = u.view_name and c.column_name = u.column_name
      where u.view_schema = any($1)
      group by 1, 2, 3, 4`,
    [schemas],
  );
  const derived: ForeignKey[] = [];
  const passes = (view: (typeof rows)[number], schema: string, table: string, columns: string[]) =>
    view.table_schema === schema && view.table === table && columns.every((c) => view.columns.includes(c));
  for (const view of rows) {
    const viewTable = tables.get(tableKey(view.view_schema, view.view));
    const base = tables.get(tableKey(view.table_schema, view.table));
    if (viewTable?.isView && base && base.primaryKey.length > 0 && base.primaryKey.every((c) => view.columns.includes(c))) {
      viewTable.primaryKey.push(...base.primaryKey.filter((c) => !viewTable.primaryKey.includes(c)));
    }
    for (const fk of keys) {
      if (passes(view, fk.schema, fk.table, fk.columns)) derived.push({ ...fk, schema: view.view_schema, table: view.view });
      if (passes(view, fk.refSchema, fk.refTable, fk.refColumns)) derived.push({ ...fk, refSchema: view.view_schema, refTable: view.view });
    }
  }
  return derived;
}
