import type { Database } from '../../db/database.ts';
import { NotifiedQueue } from '../notified-queue.ts';
import type { JsonObject } from '../protocol/json.ts';
import { CHANGES_CHANNEL, INSTALL_SQL } from './install-sql.ts';

export interface ChangeRow {
  id: number;
  schema_name: string;
  table_name: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  record: JsonObject | null;
  old_record: JsonObject | null;
  commit_timestamp: string;
}

/** The postgres_changes queue (see install-sql.ts). */
export class ChangeFeed {
  readonly #queue: NotifiedQueue<ChangeRow>;

  private readonly db: Database;

  constructor(db: Database, onBatch: (rows: ChangeRow[]) => Promise<void>) {
    this.db = db;
    this.#queue = new NotifiedQueue<ChangeRow>(db, {
      channel: CHANGES_CHANNEL,
      table: 'realtime_local.changes',
      columns: 'id::float8 as id, schema_name, table_name, op, record, old_record, commit_timestamp',
      onBatch,
      label: 'postgres_changes',
    });
  }

  async start(): Promise<void> {
    await this.db.exec(INSTALL_SQL);
    await this.#queue.start();
  }

  async stop(): Promise<void> {
    await this.#queue.stop();
  }
}
