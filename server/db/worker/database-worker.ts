import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import type { DatabaseResults } from '../database.ts';
import { installExtension } from '../extension-bundles.ts';
import { openPGlite } from '../open-database.ts';
import { pgliteQueryOptions } from '../pglite-database.ts';
import {
  serializeError,
  STATUS_RUNNING,
  STATUS_SEQUENCE,
  type WorkerAnswer,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerStart,
} from './protocol.ts';

/**
 * The database worker: the backend's one PGlite, on its own thread so that SQL running inside
 * WebAssembly never stops the HTTP server (docs/decisions/013-database-off-the-request-thread.md).
 * It answers the requests of worker-database.ts, the main-thread client, by id. The data-dir lock
 * is the main thread's: it outlives this worker, even one that was terminated.
 */

const maybePort = parentPort;
if (maybePort === null) throw new Error('database-worker.ts runs only as a worker thread (see worker-database.ts)');
const port = maybePort;
const start = workerData as WorkerStart;
const status = new Int32Array(start.status);

function post(message: WorkerMessage): void {
  port.postMessage(message);
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Marks PGlite busy for the main thread's watchdog (see STATUS_SEQUENCE). */
function statementStarts(): void {
  Atomics.add(status, STATUS_SEQUENCE, 1);
  Atomics.store(status, STATUS_RUNNING, 1);
}

function statementEnds(): void {
  Atomics.store(status, STATUS_RUNNING, 0);
}

async function statement<T>(run: () => Promise<T>): Promise<T> {
  statementStarts();
  try {
    return await run();
  } finally {
    statementEnds();
  }
}

/**
 * The one database session, handed on first come, first served: to a single statement, or to a
 * transaction from BEGIN until it ends. PGlite would serialize its calls itself, but queueing them
 * here means PGlite only ever has one call of ours in hand, so the watchdog's "running" flag is
 * the time of one statement and never that of a wait for PGlite's mutex.
 */
class Session {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async acquire(): Promise<() => void> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // Handed straight to the next in line, so nobody arriving meanwhile can slip in first.
      if (next) next();
      else this.#held = false;
    };
  }
}

interface OpenTransaction {
  readonly id: number;
  readonly tx: Transaction;
  /** Lets the parked `db.transaction` callback return (commit) or throw (roll back). */
  readonly parked: Deferred<undefined>;
  /** The `db.transaction` call: settles once COMMIT or ROLLBACK has run. */
  readonly done: Promise<void>;
  /** This transaction's statements run one after another, in the order they came. */
  chain: Promise<void>;
  busy: number;
  idleTimer: NodeJS.Timeout | null;
}

/** Thrown into a parked transaction callback to make PGlite roll it back; never reaches a caller. */
const ROLL_BACK = new Error('rolled back by the database worker');

const session = new Session();
const transactions = new Map<number, OpenTransaction>();
/** Transactions the idle timer rolled back, until their `end` comes, so their calls say why they failed. */
const timedOut = new Set<number>();

function idleTimeoutError(): Error {
  // Postgres' SQLSTATE for the same event (idle_in_transaction_session_timeout), read by code.
  return Object.assign(
    new Error(
      `the transaction was rolled back: it sent no statement for ${start.idleTransactionTimeoutMs} ms (idle-transaction timeout). ` +
        `A transaction callback that awaits a query on the database itself, instead of on its transaction, waits for itself.`,
    ),
    { code: '25P03', severity: 'ERROR' },
  );
}

function openTransaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (open) return open;
  if (timedOut.has(id)) throw idleTimeoutError();
  // PGlite's own words for a call on a finished transaction.
  throw new Error('Transaction is closed');
}

function armIdleTimer(open: OpenTransaction): void {
  if (open.idleTimer !== null) clearTimeout(open.idleTimer);
  open.idleTimer = setTimeout(() => {
    transactions.delete(open.id);
    timedOut.add(open.id);
    console.error(`[database] transaction rolled back after ${start.idleTransactionTimeoutMs} ms without a statement`);
    finish(open, false).catch((error: unknown) => console.error('[database] rolling back an idle transaction failed:', error));
  }, start.idleTransactionTimeoutMs);
  open.idleTimer.unref();
}

function disarmIdleTimer(open: OpenTransaction): void {
  if (open.idleTimer !== null) clearTimeout(open.idleTimer);
  open.idleTimer = null;
}

/** Runs one statement of transaction `id`, after its earlier ones; the idle clock stops meanwhile. */
async function inTransaction<T>(id: number, run: (tx: Transaction) => Promise<T>): Promise<T> {
  const open = openTransaction(id);
  open.busy += 1;
  disarmIdleTimer(open);
  const result = open.chain.then(() => statement(() => run(open.tx)));
  open.chain = result.then(
    () => undefined,
    () => undefined,
  );
  try {
    return await result;
  } finally {
    open.busy -= 1;
    if (open.busy === 0 && transactions.get(id) === open) armIdleTimer(open);
  }
}

async function begin(pglite: PGlite, id: number): Promise<number> {
  const release = await session.acquire();
  const parked = deferred<undefined>();
  const entered = deferred<Transaction>();
  statementStarts();
  const done = pglite.transaction(async (tx) => {
    entered.resolve(tx);
    await parked.promise;
  });
  void done.then(release, release);
  let tx: Transaction;
  try {
    // BEGIN failing settles `done` without ever calling the callback.
    tx = await Promise.race([entered.promise, done.then(() => Promise.reject(new Error('BEGIN did not open a transaction')))]);
  } finally {
    statementEnds();
  }
  const open: OpenTransaction = { id, tx, parked, done, chain: Promise.resolve(), busy: 0, idleTimer: null };
  transactions.set(id, open);
  armIdleTimer(open);
  return id;
}

/** Lets the parked callback go: PGlite then runs COMMIT (unless `tx.rollback()` ran) or ROLLBACK. */
async function finish(open: OpenTransaction, commit: boolean): Promise<void> {
  disarmIdleTimer(open);
  await open.chain;
  statementStarts();
  try {
    if (commit) open.parked.resolve(undefined);
    else open.parked.reject(ROLL_BACK);
    await open.done;
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  } finally {
    statementEnds();
  }
}

async function end(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) {
    const idle = timedOut.delete(id);
    // A callback that threw wanted a rollback: it has had one.
    if (!commit) return null;
    throw idle ? idleTimeoutError() : new Error('Transaction is closed');
  }
  transactions.delete(id);
  await finish(open, commit);
  return null;
}

function results(result: Results): DatabaseResults {
  // Only what the `Database` face promises: PGlite's `blob` (COPY TO) does not cross.
  return { rows: result.rows as Record<string, unknown>[], affectedRows: result.affectedRows, fields: result.fields };
}

/** Unsubscribe functions of the listeners, by the id of the request that made each. */
const listeners = new Map<number, () => Promise<void>>();

async function handle(pglite: PGlite, request: WorkerRequest): Promise<WorkerAnswer> {
  switch (request.op) {
    case 'query': {
      const { sql, params, rawTypes } = request;
      const options = pgliteQueryOptions({ rawTypes });
      if (request.tx !== null) return results(await inTransaction(request.tx, (tx) => tx.query(sql, params, options)));
      const release = await session.acquire();
      try {
        return results(await statement(() => pglite.query(sql, params, options)));
      } finally {
        release();
      }
    }
    case 'exec': {
      const { sql } = request;
      if (request.tx !== null) return (await inTransaction(request.tx, (tx) => tx.exec(sql))).map(results);
      const release = await session.acquire();
      try {
        return (await statement(() => pglite.exec(sql))).map(results);
      } finally {
        release();
      }
    }
    case 'begin':
      return begin(pglite, request.id);
    case 'rollback':
      await inTransaction(request.tx, (tx) => tx.rollback());
      return null;
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      const release = await session.acquire();
      try {
        const listener = request.id;
        const unlisten = await statement(() =>
          pglite.listen(request.channel, (payload) => post({ kind: 'notification', listener, payload })),
        );
        listeners.set(listener, unlisten);
      } finally {
        release();
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = listeners.get(request.listener);
      if (!unlisten) return null;
      listeners.delete(request.listener);
      const release = await session.acquire();
      try {
        await statement(() => unlisten());
      } finally {
        release();
      }
      return null;
    }
    case 'installExtension':
      // Files written into PGlite's file system, no SQL: nothing to queue behind.
      return installExtension(pglite, request.name);
    case 'close': {
      // Behind every statement already queued and any open transaction, as on PGlite's own thread.
      const release = await session.acquire();
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        release();
      }
      return null;
    }
  }
}

async function serve(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await openPGlite(start.pgdata, start.reset);
  } catch (error) {
    post({ kind: 'startFailed', error: serializeError(error) });
    port.close();
    return;
  }
  port.on('message', (request: WorkerRequest) => {
    handle(pglite, request).then(
      (value) => {
        try {
          post({ kind: 'done', id: request.id, value });
        } catch (error) {
          // A value structured clone refuses (none of PGlite's types is one, but a failure must still answer).
          post({ kind: 'failed', id: request.id, error: serializeError(error) });
        }
        // With the port closed nothing keeps this thread alive: it exits, and the main thread,
        // waiting for that exit, releases the data-dir lock.
        if (request.op === 'close') port.close();
      },
      (error: unknown) => {
        post({ kind: 'failed', id: request.id, error: serializeError(error) });
        if (request.op === 'close') port.close();
      },
    );
  });
  post({ kind: 'ready' });
}

void serve();
