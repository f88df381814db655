import { Worker } from 'node:worker_threads';
import type { Database, DatabaseQueryOptions, DatabaseResults, DatabaseTransaction } from '../database.ts';
import {
  deserializeError,
  STATUS_RUNNING,
  STATUS_SEQUENCE,
  STATUS_SLOTS,
  type WorkerAnswer,
  type WorkerMessage,
  type WorkerOp,
  type WorkerOps,
  type WorkerRequest,
  type WorkerStart,
} from './protocol.ts';

/**
 * The main thread's side of the database worker: a `Database` whose every call is a message to
 * PGlite in a worker thread (database-worker.ts), so SQL never runs on the thread that serves HTTP
 * (docs/decisions/013-database-off-the-request-thread.md).
 *
 * Beyond what PGlite on this thread does, it
 * - rolls back a transaction that sends nothing for `idleTransactionTimeoutMs` (in the worker), so a
 *   forgotten or self-deadlocked transaction ends in an error instead of stopping every caller;
 * - stops the worker when one statement runs longer than `statementLimitMs` (a watchdog: PGlite
 *   cannot cancel a statement, and some never end), fails the calls then in flight with
 *   DATABASE_RESTARTED, and opens the same data again in a new worker. An in-memory database cannot
 *   be opened again: it closes for good instead, and its calls fail with DATABASE_CLOSED.
 */

/*
 * The codes are Postgres' own for a lost connection (SQLSTATE class 08), which is what a client of a
 * real server sees when its backend process dies: the services already answer that class as the
 * database being unavailable (REST: 503), so a restart needs no special case anywhere.
 */
/** connection_failure: on calls in flight (and later calls of open transactions) when the watchdog or a crash stopped the worker. */
export const DATABASE_RESTARTED = '08006';
/** sqlclient_unable_to_establish_sqlconnection: on calls that waited longer than `restartWaitMs` for the worker to reopen the data. */
export const DATABASE_UNAVAILABLE = '08001';
/** connection_does_not_exist: on calls after `close()`, or after the database closed for good (an in-memory one lost, a reopen that failed). */
export const DATABASE_CLOSED = '08003';

export interface WorkerDatabaseOptions {
  /** PGlite's data directory (a data dir's `pgdata/`), or null for a database in memory. */
  pgdata: string | null;
  /** Delete `pgdata` first. Only the first start: a restart reopens what is there. */
  reset?: boolean;
  /**
   * Runs once, after the worker has exited for good (close, or a restart that could not reopen):
   * where the data-dir lock is released, since a worker that exits leaves its files settled.
   */
  onClose?: () => Promise<void>;
  /** A transaction with no message for this long is rolled back. Default 30 s. */
  idleTransactionTimeoutMs?: number;
  /** One statement running longer than this stops and restarts the worker. Default 60 s. */
  statementLimitMs?: number;
  /** How long a call made while the worker reopens waits for it before failing. Default 30 s. */
  restartWaitMs?: number;
}

const DEFAULT_IDLE_TRANSACTION_TIMEOUT_MS = 30_000;
// Well above any role's statement deadline: the watchdog is for statements that never end.
const DEFAULT_STATEMENT_LIMIT_MS = 60_000;
const DEFAULT_RESTART_WAIT_MS = 30_000;
/** After answering `close` the worker exits by itself within milliseconds; past this it is stopped. */
const EXIT_GRACE_MS = 5_000;

function lumenError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const workerEntry = new URL('./database-worker.ts', import.meta.url);

/**
 * How the worker is started. From TypeScript (how the backend runs) tsx must be registered inside
 * the worker: `--import tsx` does not reach worker threads on Node 20. tsx is resolved from here, not
 * from the working directory, which is the user's project.
 */
function newWorker(start: WorkerStart): Worker {
  if (!workerEntry.pathname.endsWith('.ts')) return new Worker(workerEntry, { workerData: start });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(workerEntry.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: start });
}

/** One worker thread's life: the first, or one started after a restart. */
interface Incarnation {
  readonly worker: Worker;
  readonly status: Int32Array;
  readonly exited: Promise<number>;
  ready: boolean;
  /** Closed or terminated on purpose: its exit is no crash. */
  stopping: boolean;
  lastError: Error | null;
}

interface Pending {
  resolve: (value: WorkerAnswer) => void;
  reject: (error: Error) => void;
}

interface Listener {
  channel: string;
  callback: (payload: string) => void;
}

class WorkerDatabase implements Database {
  readonly engine = 'pglite' as const;
  readonly #pgdata: string | null;
  readonly #onClose: (() => Promise<void>) | undefined;
  readonly #idleTransactionTimeoutMs: number;
  readonly #statementLimitMs: number;
  readonly #restartWaitMs: number;

  #current: Incarnation | null = null;
  /** Bumped at each restart: a transaction begun in an earlier worker is gone. */
  #generation = 0;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, Listener>();
  #phase: 'ready' | 'restarting' | 'closed' = 'ready';
  /** Settles when a restart has reopened the database (or failed to). */
  #reopened: Promise<void> = Promise.resolve();
  /** Why the database closed for good, when it was not `close()`. */
  #failure: Error | null = null;
  #closeStarted = false;
  #closing: Promise<void> | null = null;
  #stoppedWhileClosing = false;
  readonly #watchdog: NodeJS.Timeout;
  /** The statement the watchdog saw running, and since when. */
  #seen: { incarnation: Incarnation; sequence: number; since: number } | null = null;

  constructor(options: WorkerDatabaseOptions) {
    this.#pgdata = options.pgdata;
    this.#onClose = options.onClose;
    this.#idleTransactionTimeoutMs = options.idleTransactionTimeoutMs ?? DEFAULT_IDLE_TRANSACTION_TIMEOUT_MS;
    this.#statementLimitMs = options.statementLimitMs ?? DEFAULT_STATEMENT_LIMIT_MS;
    this.#restartWaitMs = options.restartWaitMs ?? DEFAULT_RESTART_WAIT_MS;
    // A look every second (four per limit when shorter): a hung statement is stopped at most one
    // look after its limit.
    this.#watchdog = setInterval(() => this.#watch(), Math.max(10, Math.min(1_000, this.#statementLimitMs / 4)));
    this.#watchdog.unref();
  }

  /** Starts a worker and waits until its database is open; rejects (after it exited) with why not. */
  async start(reset: boolean): Promise<void> {
    const shared = new SharedArrayBuffer(STATUS_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    const status = new Int32Array(shared);
    const worker = newWorker({ pgdata: this.#pgdata, reset, idleTransactionTimeoutMs: this.#idleTransactionTimeoutMs, status: shared });
    let exitedWith: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exitedWith = resolve));
    const incarnation: Incarnation = { worker, status, exited, ready: false, stopping: false, lastError: null };
    const opened = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'startFailed') reject(deserializeError(message.error));
        else this.#answer(incarnation, message);
      });
      worker.on('error', (error) => {
        incarnation.lastError = error;
        reject(error);
      });
      worker.once('exit', (code) => {
        exitedWith(code);
        reject(incarnation.lastError ?? new Error(`the database worker exited (code ${code}) before the database was open`));
        this.#exited(incarnation, code);
      });
    });
    try {
      await opened;
    } catch (error) {
      incarnation.stopping = true;
      await worker.terminate();
      throw error;
    }
    incarnation.ready = true;
    this.#current = incarnation;
    // Only calls waiting for an answer keep the process alive, as with PGlite on this thread.
    if (this.#pending.size === 0 && !this.#closeStarted) worker.unref();
  }

  /** After a first start that failed: no worker runs and nothing was handed over, so no onClose. */
  discard(): void {
    this.#closeStarted = true;
    this.#phase = 'closed';
    clearInterval(this.#watchdog);
  }

  get closed(): boolean {
    return this.#closeStarted;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: DatabaseQueryOptions): Promise<DatabaseResults<T>> {
    return this.#call('query', { tx: null, sql, params, rawTypes: options?.rawTypes }) as Promise<DatabaseResults<T>>;
  }

  exec(sql: string): Promise<DatabaseResults[]> {
    return this.#call('exec', { tx: null, sql });
  }

  async transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call('begin', {});
    const generation = this.#generation;
    const tx: DatabaseTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: DatabaseQueryOptions) =>
        this.#inTransaction(generation, 'query', { tx: id, sql, params, rawTypes: options?.rawTypes }) as Promise<DatabaseResults<R>>,
      exec: (sql: string) => this.#inTransaction(generation, 'exec', { tx: id, sql }),
      rollback: async () => {
        await this.#inTransaction(generation, 'rollback', { tx: id });
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      // The callback's error is what the caller sees, even when the rollback cannot be sent.
      await this.#inTransaction(generation, 'end', { tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#inTransaction(generation, 'end', { tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    // Known before LISTEN runs, so no notification can arrive for an id not yet registered.
    this.#listeners.set(id, { channel, callback });
    try {
      await this.#call('listen', { channel }, id);
    } catch (error) {
      this.#listeners.delete(id);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(id) || this.#closeStarted) return;
      await this.#call('unlisten', { listener: id });
    };
  }

  installExtension(name: string): Promise<boolean> {
    return this.#call('installExtension', { name });
  }

  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    this.#closeStarted = true;
    let failure: unknown = null;
    try {
      if (this.#phase === 'restarting') await this.#reopened.catch(() => undefined);
      const incarnation = this.#current;
      if (incarnation && this.#failure === null) {
        incarnation.stopping = true;
        incarnation.worker.ref();
        try {
          await this.#post(incarnation, 'close', {});
        } catch (error) {
          // Stopped by the watchdog meanwhile: the worker is gone all the same, and that was said.
          if (!this.#stoppedWhileClosing) failure = error;
        }
        const timer = setTimeout(() => void incarnation.worker.terminate(), EXIT_GRACE_MS);
        await incarnation.exited;
        clearTimeout(timer);
      }
    } finally {
      this.#phase = 'closed';
      clearInterval(this.#watchdog);
      this.#rejectPending(this.#closedError());
      await this.#onClose?.();
    }
    if (failure !== null) throw failure;
  }

  #closedError(): Error {
    if (this.#failure) return lumenError(DATABASE_CLOSED, this.#failure.message);
    return lumenError(DATABASE_CLOSED, 'the database is closed');
  }

  /** A call on the database itself: sent now, or once a restart has reopened the database. */
  #call<K extends WorkerOp>(op: K, fields: WorkerOps[K]['request'], id?: number): Promise<WorkerOps[K]['answer']> {
    if (this.#closeStarted) return Promise.reject(this.#closedError());
    const incarnation = this.#current;
    if (this.#phase === 'ready' && incarnation) return this.#post(incarnation, op, fields, id);
    return this.#afterReopen().then(() => this.#call(op, fields, id));
  }

  /** A call of a transaction: only to the worker the transaction was begun in. */
  #inTransaction<K extends WorkerOp>(generation: number, op: K, fields: WorkerOps[K]['request']): Promise<WorkerOps[K]['answer']> {
    if (generation !== this.#generation) {
      if (op === 'end' && !(fields as WorkerOps['end']['request']).commit) return Promise.resolve(null);
      return Promise.reject(lumenError(DATABASE_RESTARTED, 'the transaction was lost: the database worker was stopped and restarted while it was open'));
    }
    // Not refused once close() has begun: close waits in the worker for this transaction to end.
    const incarnation = this.#current;
    if (!incarnation || this.#phase === 'closed') return Promise.reject(this.#closedError());
    return this.#post(incarnation, op, fields);
  }

  #afterReopen(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(lumenError(DATABASE_UNAVAILABLE, `the database is reopening after its worker was stopped, and was not back within ${this.#restartWaitMs} ms`)),
        this.#restartWaitMs,
      );
      this.#reopened.then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : this.#closedError());
        },
      );
    });
  }

  #post<K extends WorkerOp>(incarnation: Incarnation, op: K, fields: WorkerOps[K]['request'], id = this.#nextId++): Promise<WorkerOps[K]['answer']> {
    return new Promise<WorkerOps[K]['answer']>((resolve, reject) => {
      // The worker answers `op` with that op's answer type; the map cannot say which op an id was.
      this.#pending.set(id, { resolve: (value) => resolve(value as WorkerOps[K]['answer']), reject });
      if (this.#pending.size === 1) incarnation.worker.ref();
      try {
        incarnation.worker.postMessage({ ...fields, op, id } as WorkerRequest);
      } catch (error) {
        // A parameter structured clone refuses (a function, a class with private state).
        this.#settled(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  #settled(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (this.#pending.size === 0 && !this.#closeStarted) this.#current?.worker.unref();
    return pending;
  }

  #answer(incarnation: Incarnation, message: WorkerMessage): void {
    if (message.kind === 'notification') {
      // A stopped worker's last notifications, or one for a listener already gone, go nowhere.
      if (incarnation !== this.#current) return;
      const listener = this.#listeners.get(message.listener);
      if (!listener) return;
      try {
        listener.callback(message.payload);
      } catch (error) {
        console.error(`[database] a listener on "${listener.channel}" threw:`, error);
      }
      return;
    }
    if (message.kind !== 'done' && message.kind !== 'failed') return;
    const pending = this.#settled(message.id);
    if (!pending) return;
    if (message.kind === 'done') pending.resolve(message.value);
    else pending.reject(deserializeError(message.error));
  }

  #rejectPending(error: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(error);
  }

  #exited(incarnation: Incarnation, code: number): void {
    if (incarnation !== this.#current || !incarnation.ready) return;
    if (incarnation.stopping) {
      this.#rejectPending(this.#closedError());
      return;
    }
    const why = incarnation.lastError ? `: ${incarnation.lastError.message}` : ` with code ${code}`;
    this.#restart(`the database worker stopped unexpectedly${why}`);
  }

  #watch(): void {
    const incarnation = this.#current;
    // Still watched while close() waits for it: a hung statement would otherwise hold close forever.
    if (!incarnation?.ready) {
      this.#seen = null;
      return;
    }
    if (Atomics.load(incarnation.status, STATUS_RUNNING) !== 1) {
      this.#seen = null;
      return;
    }
    const sequence = Atomics.load(incarnation.status, STATUS_SEQUENCE);
    const now = performance.now();
    if (this.#seen?.incarnation !== incarnation || this.#seen.sequence !== sequence) {
      this.#seen = { incarnation, sequence, since: now };
      return;
    }
    if (now - this.#seen.since >= this.#statementLimitMs) {
      this.#restart(`a statement ran for more than ${this.#statementLimitMs} ms`);
    }
  }

  /** Stops the current worker and, for a data directory, opens the same data in a new one. */
  #restart(reason: string): void {
    const old = this.#current;
    if (!old) return;
    old.stopping = true;
    this.#current = null;
    this.#seen = null;
    this.#generation += 1;
    let outcome = 'the database is being reopened';
    if (this.#closeStarted) outcome = 'the database is closing, so it is not reopened';
    else if (this.#pgdata === null) outcome = 'its in-memory database is lost';
    this.#rejectPending(
      lumenError(
        DATABASE_RESTARTED,
        `${reason}; the database worker was stopped and ${outcome}. The call was not completed (a transaction in it was rolled back).`,
      ),
    );
    if (this.#closeStarted) {
      // close() is waiting for this worker's exit, and ends as usual once it has exited.
      this.#stoppedWhileClosing = true;
      void old.worker.terminate();
      return;
    }
    this.#phase = 'restarting';
    this.#reopened = this.#reopen(old, reason);
    // Callers see the outcome through #afterReopen; nothing else awaits this.
    this.#reopened.catch(() => undefined);
  }

  async #reopen(old: Incarnation, reason: string): Promise<void> {
    console.error(`[database] ${reason}: stopping the database worker${this.#pgdata === null ? '' : ` and reopening ${this.#pgdata}`}`);
    await old.worker.terminate();
    await old.exited;
    if (this.#pgdata === null) {
      throw this.#failForGood(`the in-memory database was lost: ${reason}, and its worker was stopped (an in-memory database cannot be reopened)`);
    }
    const started = performance.now();
    try {
      await this.start(false);
    } catch (error) {
      throw this.#failForGood(`the database could not be reopened after ${reason}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.#phase = 'ready';
    console.error(`[database] reopened ${this.#pgdata} in ${Math.round(performance.now() - started)} ms`);
    const current = this.#current;
    if (!current) return;
    // Listeners carry on in the new worker; notifications sent while it was down are lost.
    for (const [id, { channel }] of this.#listeners) {
      this.#post(current, 'listen', { channel }, id).catch((error: unknown) =>
        console.error(`[database] listening again on "${channel}" after the restart failed:`, error),
      );
    }
  }

  /** Closes for good (running onClose) with `message` as every later call's error. */
  #failForGood(message: string): Error {
    console.error(`[database] ${message}`);
    this.#failure = new Error(message);
    this.#phase = 'closed';
    this.#closeStarted = true;
    this.#closing ??= this.#shutdown();
    this.#closing.catch((error: unknown) => console.error('[database] closing after the failure failed:', error));
    return this.#closedError();
  }
}

/**
 * Opens PGlite in a worker thread (data under `pgdata`, or in memory) behind the `Database` face.
 * Resolves once the database is open; a failure to open (a bootstrap error, an extension no bundle
 * holds) rejects with the worker's error, its name and message, after the worker has exited. The
 * caller owns any data-dir lock: `onClose` runs after `close()` once the worker has exited, never
 * on a failed open.
 */
export async function openWorkerDatabase(options: WorkerDatabaseOptions): Promise<Database> {
  const database = new WorkerDatabase(options);
  try {
    await database.start(options.reset === true);
  } catch (error) {
    // No onClose: the caller still owns what it handed over and cleans it up on this error.
    database.discard();
    throw error;
  }
  return database;
}
