import type { PGlite } from '@electric-sql/pglite';
import { NotifiedQueue } from '../notified-queue.ts';
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

/** The postgres_changes queue (see install-sql.ts) plus the DDL notifications that stale the table catalog. */
export class ChangeFeed {
  #unlistenDdl: (() => Promise<void>) | null = null;
  readonly #queue: NotifiedQueue<ChangeRow>;

  private readonly db: PGlite;
  private readonly onDdl: () => void;

  constructor(db: PGlite, onBatch: (rows: ChangeRow[]) => Promise<void>, onDdl: () => void) {
    this.db = db;
    this.onDdl = onDdl;
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
    this.#unlistenDdl = await this.db.listen(DDL_CHANNEL, () => this.onDdl());
  }

  async stop(): Promise<void> {
    await this.#unlistenDdl?.().catch(() => undefined);
    this.#unlistenDdl = null;
    await this.#queue.stop();
  }
}
