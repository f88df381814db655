import type { Database } from '../../db/database.ts';
import { catalogCacheOf, type CatalogCache } from '../../db/catalog-cache.ts';

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, what realtime-js coerces by (int8, text, _text, …). */
  type: string;
  /** format_type(), usable in a SQL cast. */
  sqlType: string;
}

export interface TableInfo {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  /** pg_class.relreplident: 'f' means old_record carries every column. */
  replicaIdentity: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

interface TableRow {
  oid: number;
  rls: boolean;
  replident: string;
  columns: ColumnInfo[];
  pk: string[];
}

/**
 * Table shapes and per-role column privileges as postgres_changes needs them, kept in the
 * database's one catalog cache (db/catalog-cache.ts): the DDL watch that reloads REST's schema
 * cache stales these too.
 */
export class TableCatalog {
  private readonly cache: CatalogCache;

  constructor(db: Database) {
    this.cache = catalogCacheOf(db);
  }

  table(schema: string, table: string): Promise<TableInfo | null> {
    return this.cache.read(`realtime:table:${schema}.${table}`, (db) => loadTable(db, schema, table).catch(() => null));
  }

  /** Columns `role` may SELECT (has_column_privilege), as Realtime filters record keys. */
  selectableColumns(info: TableInfo, role: string): Promise<Set<string>> {
    return this.cache.read(`realtime:selectable:${info.oid}:${role}`, (db) =>
      db
        .query<{ name: string }>(
          `select a.attname as name from pg_catalog.pg_attribute a
           where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
             and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
          [info.oid, role],
        )
        .then((result) => new Set(result.rows.map((row) => row.name)))
        .catch(() => new Set<string>()),
    );
  }
}

async function loadTable(db: Database, schema: string, table: string): Promise<TableInfo | null> {
  const result = await db.query<TableRow>(
    `select c.oid::int as oid, c.relrowsecurity as rls, c.relreplident::text as replident,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname,
                                                   'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                 from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns,
       coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                 from pg_catalog.pg_index i
                 join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                 where i.indrelid = c.oid and i.indisprimary), '[]'::json) as pk
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [schema, table],
  );
  const row = result.rows[0];
  if (!row) return null;
  return { oid: row.oid, schema, table, rls: row.rls, replicaIdentity: row.replident, columns: row.columns, primaryKey: row.pk };
}
