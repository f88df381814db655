import type { PGlite } from '@electric-sql/pglite';
import type { JsonObject } from '../protocol/json.ts';
import { CHANGES_CHANNEL, DDL_CHANNEL, INSTALL_SQL } from './install-sql.ts';

export interface ChangeRow {
  id: number;
  schema_name: string;
  table_name: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  record: JsonObject | null;
  old_record: JsonObject | null;
  commit_timestamp: string;
}

const BATCH = 500;

/**
 * Reads the change queue in id (= commit) order whenever a commit notifies, hands each batch
 * to `onBatch` and only then deletes it, so a burst of any size arrives whole and in order.
 */
export class ChangeFeed {
  #lastId = 0;
  #draining: Promise<void> | null = null;
  #again = false;
  #unlisten: Array<() => Promise<void>> = [];
  #stopped = false;

  private readonly db: PGlite;
  private readonly onBatch: (rows: ChangeRow[]) => Promise<void>;
  private readonly onDdl: () => void;

  constructor(db: PGlite, onBatch: (rows: ChangeRow[]) => Promise<void>, onDdl: () => void) {
    this.db = db;
    this.onBatch = onBatch;
    this.onDdl = onDdl;
  }

  async start(): Promise<void> {
    await this.db.exec(INSTALL_SQL);
    this.#unlisten.push(await this.db.listen(CHANGES_CHANNEL, () => this.poke()));
    this.#unlisten.push(await this.db.listen(DDL_CHANNEL, () => this.onDdl()));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const unlisten of this.#unlisten) await unlisten().catch(() => undefined);
    this.#unlisten = [];
    await this.#draining;
  }

  /** Coalesces notifications: one drain at a time, re-run if more commits arrived meanwhile. */
  poke(): void {
    if (this.#stopped) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = this.#drain().finally(() => {
      this.#draining = null;
      if (this.#again) {
        this.#again = false;
        this.poke();
      }
    });
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const { rows } = await this.db.query<ChangeRow>(
        `select id::float8 as id, schema_name, table_name, op, record, old_record, commit_timestamp
         from realtime_local.changes where id > $1 order by id limit ${BATCH}`,
        [this.#lastId],
      );
      if (rows.length === 0) return;
      const lastId = rows[rows.length - 1].id;
      try {
        await this.onBatch(rows);
      } catch (error) {
        // One bad batch must not wedge the feed for everybody.
        console.error('[realtime] postgres_changes dispatch failed:', error);
      }
      this.#lastId = lastId;
      await this.db.query('delete from realtime_local.changes where id <= $1', [lastId]);
      if (rows.length < BATCH) return;
    }
  }
}
