import type { Database } from '../db/database.ts';
import { NotifiedDrain } from '../db/notified-drain.ts';

export interface NotifiedQueueOptions<Row> {
  /** The NOTIFY channel the queue's trigger announces commits on. */
  channel: string;
  /** The queue table (schema-qualified) with a `bigint generated always as identity` column `id`. */
  table: string;
  /** The select list read for each row; must include `id::float8 as id`. */
  columns: string;
  /** Handles one batch in id order; the rows are deleted after it settles. */
  onBatch: (rows: Row[]) => Promise<void> | void;
  /** Names the queue in the log line written when a batch fails. */
  label: string;
}

const BATCH = 500;

/**
 * PGlite has no logical replication: realtime's database-driven features (postgres_changes,
 * broadcast from the database) are fed by triggers that append to an unlogged queue table and
 * NOTIFY (a rollback discards rows and notification alike). This reads such a queue in id order
 * whenever a commit notifies, hands each batch on and only then deletes exactly the rows it read,
 * so a burst of any size arrives whole and in order.
 *
 * Ids are handed out when a row is inserted, not when its transaction commits: on a real
 * PostgreSQL (`--db-url`) a transaction that started first may commit after a later one, its rows
 * having the lower ids. So the queue never reads "after the last id seen" (those rows would be
 * skipped for good); whatever committed rows are there are read, and only those are deleted.
 */
export class NotifiedQueue<Row extends { id: number }> {
  readonly #loop: NotifiedDrain;

  private readonly db: Database;
  private readonly options: NotifiedQueueOptions<Row>;

  constructor(db: Database, options: NotifiedQueueOptions<Row>) {
    this.db = db;
    this.options = options;
    this.#loop = new NotifiedDrain(db, { channel: options.channel, drain: () => this.#drain(), failure: `[realtime] ${options.label} queue read failed:` });
  }

  /** Listens for commits and drains what was queued before the service started. */
  start(): Promise<void> {
    return this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #drain(): Promise<void> {
    const { table, columns, onBatch, label } = this.options;
    for (;;) {
      if (this.#loop.stopped) return;
      const { rows } = await this.db.query<Row>(`select ${columns} from ${table} order by id limit ${BATCH}`);
      if (rows.length === 0) return;
      try {
        await onBatch(rows);
      } catch (error) {
        // One bad batch must not wedge the queue for everybody.
        console.error(`[realtime] ${label} dispatch failed:`, error);
      }
      await this.db.query(`delete from ${table} where id = any($1::bigint[])`, [rows.map((row) => row.id)]);
      if (rows.length < BATCH) return;
    }
  }
}
