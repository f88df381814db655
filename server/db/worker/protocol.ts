import type { DatabaseResults } from '../database.ts';

/**
 * The messages between the database worker (database-worker.ts, PGlite) and its client on the main
 * thread (worker-database.ts). Every request carries an id the main thread picked and gets exactly
 * one answer with that id; notifications are pushed without one. Everything here crosses by
 * structured clone, so it holds data only: no functions, no class instances.
 */

/** What each operation sends (besides `op` and `id`) and what its answer holds. */
export interface WorkerOps {
  /** `tx` null: on the database itself, queued behind any open transaction. */
  query: { request: { tx: number | null; sql: string; params?: unknown[]; rawTypes?: number[] }; answer: DatabaseResults };
  exec: { request: { tx: number | null; sql: string }; answer: DatabaseResults[] };
  /** Opens a transaction whose id is this request's id (the answer repeats it). */
  begin: { request: Record<never, never>; answer: number };
  /** `tx.rollback()` inside the callback: the transaction stays held until `end`. */
  rollback: { request: { tx: number }; answer: null };
  /** The callback is over: commit when it resolved, roll back when it threw. */
  end: { request: { tx: number; commit: boolean }; answer: null };
  /** LISTEN; this request's id names the listener in the notifications pushed for it. */
  listen: { request: { channel: string }; answer: null };
  unlisten: { request: { listener: number }; answer: null };
  installExtension: { request: { name: string }; answer: boolean };
  /** Waits for the queue and any open transaction, closes PGlite, then the worker exits. */
  close: { request: Record<never, never>; answer: null };
}

export type WorkerOp = keyof WorkerOps;
export type WorkerRequest = { [K in WorkerOp]: { op: K; id: number } & WorkerOps[K]['request'] }[WorkerOp];
export type WorkerAnswer = WorkerOps[WorkerOp]['answer'];

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'startFailed'; error: SerializedError }
  | { kind: 'done'; id: number; value: WorkerAnswer }
  | { kind: 'failed'; id: number; error: SerializedError }
  | { kind: 'notification'; listener: number; payload: string };

/** What the worker is started with (`workerData`). */
export interface WorkerStart {
  pgdata: string | null;
  reset: boolean;
  idleTransactionTimeoutMs: number;
  /** Int32 slots shared with the main thread's watchdog (STATUS_*). */
  status: SharedArrayBuffer;
}

/**
 * Slots of `WorkerStart.status`. The worker bumps STATUS_SEQUENCE and sets STATUS_RUNNING while
 * PGlite runs a statement for it; the main thread reads them without a message. A statement that
 * hangs inside WebAssembly blocks the worker's event loop, so it could not answer a ping, but
 * these stay readable, and they are free per call (two atomic stores) where a message is not.
 */
export const STATUS_SEQUENCE = 0;
export const STATUS_RUNNING = 1;
export const STATUS_SLOTS = 2;

export type ErrorField = string | number | boolean | null | undefined;

/**
 * An error as it crosses: structured clone keeps only an Error's message and stack, while the
 * services read Postgres' fields (`code`, `detail`, `constraint`, `position`, …) off it, so every
 * own field holding a plain value is copied. Objects (PGlite's `params`, `queryOptions`) are left
 * behind: they may not clone, and nothing reads them.
 */
export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, ErrorField>;
}

function isErrorField(value: unknown): value is ErrorField {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, ErrorField> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'name' && key !== 'message' && key !== 'stack' && isErrorField(value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** An `Error` with the fields, name and stack (the worker's: where it was thrown) it had in the worker. */
export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  return error;
}
