import type { Database } from '../../db/database.ts';
import type { ChannelSession } from '../channel-session.ts';
import type { JsonObject, JsonValue } from '../protocol/json.ts';
import type { ChangeRow } from './change-feed.ts';
import { matchesFilter, type PostgresFilter } from './postgres-filter.ts';
import type { TableCatalog, TableInfo } from './table-catalog.ts';
import { isApiRole } from '../../db/api-roles.ts';
import { quoteIdent } from '../../db/sql-identifier.ts';

export interface ChangeBinding {
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  /** null = every table of the schema (or of every schema when schema is '*'). */
  table: string | null;
  filter: PostgresFilter | null;
}

interface Delivery {
  channel: ChannelSession;
  ids: number[];
  /** Key of the RLS check this delivery waits on, or null when none is needed. */
  checkKey: string | null;
}

interface PendingCheck {
  role: string;
  claims: Record<string, unknown>;
  /** table key → row positions in the batch and their primary-key values */
  tables: Map<string, { info: TableInfo; rows: Array<{ index: number; pk: JsonObject }> }>;
  visible: Set<number>;
}


const MAX_RECORD_BYTES = 1024 * 1024;

function onlySmallValues(record: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(record)) if (JSON.stringify(value).length <= 64) out[key] = value;
  return out;
}

function pick(source: JsonObject | null, keys: Iterable<string>): JsonObject {
  const out: JsonObject = {};
  if (!source) return out;
  for (const key of keys) if (key in source) out[key] = source[key] as JsonValue;
  return out;
}

/**
 * Turns captured rows into `postgres_changes` pushes (§5.3/5.4): matches each row against
 * every subscribed binding, checks INSERT/UPDATE visibility under RLS as each subscriber
 * (one transaction per distinct role + claims per batch), and sends in commit order.
 */
export class ChangeDispatcher {
  readonly subscriptions = new Map<ChannelSession, ChangeBinding[]>();

  private readonly db: Database;
  private readonly catalog: TableCatalog;

  constructor(db: Database, catalog: TableCatalog) {
    this.db = db;
    this.catalog = catalog;
  }

  async dispatch(rows: ChangeRow[]): Promise<void> {
    if (this.subscriptions.size === 0) return;
    const infos = await Promise.all(rows.map((row) => this.catalog.table(row.schema_name, row.table_name)));
    const deliveries: Delivery[][] = [];
    const checks = new Map<string, PendingCheck>();

    rows.forEach((row, index) => {
      const info = infos[index];
      const list: Delivery[] = [];
      deliveries.push(list);
      if (!info) return;
      for (const [channel, bindings] of this.subscriptions) {
        const ids = bindings.filter((binding) => this.#matches(binding, row, info)).map((binding) => binding.id);
        if (ids.length === 0) continue;
        let checkKey: string | null = null;
        // DELETEs are not RLS-checked on hosted either (the row is gone); no PK = nothing to check by.
        if (row.op !== 'DELETE' && info.rls && info.primaryKey.length > 0 && row.record) {
          checkKey = `${channel.role}\u0000${JSON.stringify(channel.claims)}`;
          let check = checks.get(checkKey);
          if (!check) {
            check = { role: channel.role, claims: { ...channel.claims }, tables: new Map(), visible: new Set() };
            checks.set(checkKey, check);
          }
          const tableKey = `${info.schema}.${info.table}`;
          let entry = check.tables.get(tableKey);
          if (!entry) check.tables.set(tableKey, (entry = { info, rows: [] }));
          if (entry.rows[entry.rows.length - 1]?.index !== index) entry.rows.push({ index, pk: pick(row.record, info.primaryKey) });
        }
        list.push({ channel, ids: [...new Set(ids)], checkKey });
      }
    });

    if (checks.size > 0) await this.#runChecks([...checks.values()]);

    for (const [index, row] of rows.entries()) {
      const info = infos[index];
      if (!info) continue;
      // Same row, same role → same payload; built once however many subscribers share it.
      const built = new Map<string, JsonObject>();
      for (const delivery of deliveries[index]) {
        const { channel } = delivery;
        if (channel.closed || !channel.ready) continue;
        if (delivery.checkKey !== null && !checks.get(delivery.checkKey)?.visible.has(index)) continue;
        let data = built.get(channel.role);
        if (!data) built.set(channel.role, (data = await this.#payload(row, info, channel.role)));
        channel.push('postgres_changes', { ids: delivery.ids, data });
      }
    }
  }

  #matches(binding: ChangeBinding, row: ChangeRow, info: TableInfo): boolean {
    if (binding.event !== '*' && binding.event !== row.op) return false;
    if (binding.schema !== '*' && binding.schema !== row.schema_name) return false;
    if (binding.table !== null && binding.table !== row.table_name) return false;
    if (!binding.filter) return true;
    const column = info.columns.find((candidate) => candidate.name === binding.filter?.column);
    if (!column) return false;
    // A DELETE only carries its replica identity (the PK unless REPLICA IDENTITY FULL), as
    // from WAL on hosted: a filter on another column cannot match it there, nor here.
    const source = row.op === 'DELETE' ? pick(row.old_record, this.#identityColumns(info)) : row.record;
    return matchesFilter(binding.filter, source?.[column.name], column.type);
  }

  #identityColumns(info: TableInfo): string[] {
    return info.replicaIdentity === 'f' ? info.columns.map((column) => column.name) : info.primaryKey;
  }

  /**
   * Which rows of the batch each subscriber's role + claims can SELECT (RLS applies). All
   * subscribers share one read-only transaction: for each, the GUCs PostgREST would set
   * (as withRequestTransaction does) are applied and the role switched last, and a rollback to
   * the savepoint restores the owner role for the next. One transaction instead
   * of one per subscriber keeps latency flat as subscribers grow.
   */
  async #runChecks(checks: PendingCheck[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.exec('set transaction read only; savepoint realtime_check');
      for (const check of checks) {
        if (!isApiRole(check.role)) continue;
        try {
          await tx.query(
            `select set_config('search_path', 'public, extensions', true),
                    set_config('request.jwt.claims', $1, true),
                    set_config('request.jwt.claim.sub', $2, true),
                    set_config('request.jwt.claim.role', $3, true),
                    set_config('role', $3, true)`,
            [JSON.stringify({ ...check.claims, role: check.role }), typeof check.claims.sub === 'string' ? check.claims.sub : '', check.role],
          );
          for (const { info, rows } of check.tables.values()) {
            const types = new Map(info.columns.map((column) => [column.name, column.sqlType]));
            const conditions = info.primaryKey
              .map((name) => `x.${quoteIdent(name)} = (r.v ->> '${name.replaceAll("'", "''")}')::${types.get(name) ?? 'text'}`)
              .join(' and ');
            const sql = `select (r.ord - 1)::int as i from jsonb_array_elements($1::jsonb) with ordinality as r(v, ord)
                         where exists (select 1 from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} x where ${conditions})`;
            const result = await tx.query<{ i: number }>(sql, [JSON.stringify(rows.map((row) => row.pk))]);
            for (const { i } of result.rows) check.visible.add(rows[i].index);
          }
        } catch {
          // No privilege, broken policy…: this subscriber sees nothing, like a false check.
          // (The check runs when the change is dispatched, as on hosted: a row deleted again
          // by then is not delivered.)
          check.visible.clear();
        }
        // Undoes the role and GUCs (and any error state) before the next subscriber; the
        // savepoint stays in place for it.
        await tx.exec('rollback to savepoint realtime_check');
      }
      await tx.rollback();
    });
  }

  async #payload(row: ChangeRow, info: TableInfo, role: string): Promise<JsonObject> {
    const selectable = await this.catalog.selectableColumns(info, role);
    const columns = info.columns.filter((column) => selectable.has(column.name));
    const names = columns.map((column) => column.name);
    const data: JsonObject = {
      schema: row.schema_name,
      table: row.table_name,
      commit_timestamp: row.commit_timestamp,
      type: row.op,
      columns: columns.map((column) => ({ name: column.name, type: column.type })),
      errors: null,
    };
    let errors: string[] | null = null;
    if (info.primaryKey.length === 0) errors = ['Error 400: Bad Request, no primary key'];
    else if (!info.primaryKey.every((name) => selectable.has(name))) errors = ['Error 401: Unauthorized'];
    if (errors) {
      data.errors = errors;
      if (row.op !== 'DELETE') data.record = {};
      if (row.op !== 'INSERT') data.old_record = {};
      return data;
    }
    if (row.op !== 'DELETE') data.record = pick(row.record, names);
    if (row.op !== 'INSERT') {
      // RLS tables reveal only the primary key of deleted rows (hosted apply_rls).
      const oldKeys = row.op === 'DELETE' && info.rls ? info.primaryKey : this.#identityColumns(info).filter((name) => selectable.has(name));
      data.old_record = pick(row.old_record, oldKeys);
    }
    // Hosted caps a change at 1 MB: it keeps only small values and says so.
    if (JSON.stringify(data).length > MAX_RECORD_BYTES) {
      for (const key of ['record', 'old_record']) {
        const value = data[key];
        if (value && typeof value === 'object' && !Array.isArray(value)) data[key] = onlySmallValues(value);
      }
      data.errors = ['Error 413: Payload Too Large'];
    }
    return data;
  }
}
