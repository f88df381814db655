import type { Database } from './database.ts';

export interface NotifiedDrainOptions {
  /** The NOTIFY channel commits announce work on. */
  channel: string;
  /** Does the work that is there now; runs one at a time. */
  drain: () => Promise<void>;
  /** Prefix of the log line written when a drain throws. */
  failure: string;
  /** Called after a drain settles with no notification waiting behind it. */
  onSettled?: () => void;
}

/**
 * The loop behind the server's database-driven workers (pg_net's queue, realtime's change and
 * broadcast queues): Postgres delivers a NOTIFY only after its transaction commits, so each
 * notification means "committed work is waiting". Notifications are coalesced: one drain at a
 * time, run again once if more arrived meanwhile. `start` also drains what an earlier process left.
 */
export class NotifiedDrain {
  #draining: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #unlisten: (() => Promise<void>) | null = null;

  private readonly db: Database;
  private readonly options: NotifiedDrainOptions;

  constructor(db: Database, options: NotifiedDrainOptions) {
    this.db = db;
    this.options = options;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  get draining(): boolean {
    return this.#draining !== null;
  }

  async start(): Promise<void> {
    this.#unlisten = await this.db.listen(this.options.channel, () => this.poke());
    this.poke();
  }

  /** Stops listening and waits for the drain in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = null;
    await this.#draining;
  }

  poke(): void {
    if (this.#stopped) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = this.options
      .drain()
      .catch((error: unknown) => console.error(this.options.failure, error))
      .finally(() => {
        this.#draining = null;
        if (this.#again) {
          this.#again = false;
          this.poke();
        } else this.options.onSettled?.();
      });
  }
}
