import type { Database } from '../db/database.ts';
import { NotifiedDrain } from '../db/notified-drain.ts';

/**
 * pg_net's background worker, in the server process. `net.http_get/post/delete` queue a row in
 * net.http_request_queue and NOTIFY at commit (server/db/extensions/pg_net--0.20.4.sql); this
 * worker sends each queued request, then in one transaction removes it from the queue and records
 * the response in net._http_response, as pg_net does. A request whose response was not recorded
 * yet (the process was killed mid-flight) is sent again on the next start: at least once.
 */
export const NET_WAKE_CHANNEL = 'pg_net_wake';
export const PG_NET_VERSION = '0.20.4';

/** How the worker sends one request: fetch, or fetch with some addresses served in-process. */
export type SendRequest = (request: Request) => Promise<Response>;

export interface NetWorkerOptions {
  db: Database;
  send?: SendRequest;
  /** pg_net.batch_size: at most this many requests at once (default 200). */
  batchSize?: number;
  /** pg_net.ttl: responses older than this are deleted (default 6 hours). */
  ttlMs?: number;
}

interface QueuedRow {
  id: number;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

export interface RecordedResponse {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

class RequestTimeout extends Error {}

/** libcurl's wording for what Node's fetch reports, so error_msg reads as on hosted. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  switch (cause?.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "Couldn't resolve host name";
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
      return "Couldn't connect to server";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

function headersOf(row: QueuedRow): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(row.headers ?? {})) headers.set(name, String(value));
  if (row.headers !== null && !headers.has('user-agent')) headers.set('User-Agent', `pg_net/${PG_NET_VERSION}`);
  return headers;
}

/** Sends one queued request within its timeout (which covers reading the whole answer). */
export async function performRequest(row: QueuedRow, send: SendRequest): Promise<RecordedResponse> {
  const failed = (error_msg: string, timed_out = false): RecordedResponse => ({
    status_code: null, content_type: null, headers: null, content: null, timed_out, error_msg,
  });
  let url: URL;
  try {
    url = new URL(row.url);
  } catch {
    return failed('URL using bad/illegal format or missing URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('Unsupported protocol');

  const started = performance.now();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new RequestTimeout());
    }, row.timeout_milliseconds);
  });
  try {
    return await Promise.race([
      deadline,
      (async () => {
        const method = row.method.toUpperCase();
        const response = await send(
          new Request(url, { method, headers: headersOf(row), body: method === 'GET' || row.body === null ? undefined : Buffer.from(row.body), signal: abort.signal }),
        );
        const content = await response.text();
        return {
          status_code: response.status,
          content_type: response.headers.get('content-type'),
          headers: Object.fromEntries(response.headers),
          content: content === '' ? null : content,
          timed_out: false,
          error_msg: null,
        };
      })(),
    ]);
  } catch (error) {
    if (error instanceof RequestTimeout || abort.signal.aborted) {
      const total = (performance.now() - started).toFixed(3);
      return failed(`Timeout of ${row.timeout_milliseconds} ms reached. Total time: ${total} ms`, true);
    }
    return failed(describeFailure(error));
  } finally {
    clearTimeout(timer);
  }
}

export class NetWorker {
  readonly #db: Database;
  readonly #send: SendRequest;
  readonly #batchSize: number;
  readonly #ttlMs: number;
  readonly #inFlight = new Map<number, Promise<void>>();
  readonly #loop: NotifiedDrain;
  #lastExpiry = 0;
  #idleWaiters: Array<() => void> = [];

  constructor(options: NetWorkerOptions) {
    this.#db = options.db;
    this.#send = options.send ?? ((request) => fetch(request));
    this.#batchSize = options.batchSize ?? 200;
    this.#ttlMs = options.ttlMs ?? SIX_HOURS_MS;
    this.#loop = new NotifiedDrain(options.db, {
      channel: NET_WAKE_CHANNEL,
      drain: () => this.#drain(),
      failure: '[pg_net] reading the request queue failed:',
      onSettled: () => this.#notifyIfIdle(),
    });
  }

  /** Listens for commits that queued requests, and sends what an earlier process left queued. */
  start(): Promise<void> {
    return this.#loop.start();
  }

  /** Stops taking new requests and waits for the ones in flight to be recorded. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await Promise.allSettled(this.#inFlight.values());
  }

  poke(): void {
    this.#loop.poke();
  }

  /** Resolves once nothing is queued or in flight (tests wait for this instead of sleeping). */
  async idle(): Promise<void> {
    for (;;) {
      if (!this.#loop.draining && this.#inFlight.size === 0) {
        const { rows } = await this.#db.query<{ queued: number }>('select count(*)::int as queued from net.http_request_queue');
        if ((rows[0]?.queued ?? 0) === 0 || this.#loop.stopped) return;
        this.poke();
      }
      await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
    }
  }

  #notifyIfIdle(): void {
    if (this.#loop.draining || this.#inFlight.size > 0) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async #drain(): Promise<void> {
    await this.#expireResponses();
    for (;;) {
      if (this.#loop.stopped) return;
      const free = this.#batchSize - this.#inFlight.size;
      if (free <= 0) return;
      const { rows } = await this.#db.query<QueuedRow>(
        `select id::float8 as id, method, url, headers, body, timeout_milliseconds
         from net.http_request_queue where not (id = any($1::bigint[])) order by id limit $2`,
        [[...this.#inFlight.keys()], free],
      );
      if (rows.length === 0) return;
      for (const row of rows) {
        const done = this.#process(row).finally(() => {
          this.#inFlight.delete(row.id);
          // A slot came free: more may be waiting behind the batch limit.
          if (this.#inFlight.size === this.#batchSize - 1) this.poke();
          this.#notifyIfIdle();
        });
        this.#inFlight.set(row.id, done);
      }
      if (rows.length < free) return;
    }
  }

  async #process(row: QueuedRow): Promise<void> {
    const response = await performRequest(row, this.#send);
    if (this.#loop.stopped && this.#db.closed) return;
    try {
      await this.#db.transaction(async (tx) => {
        await tx.query('delete from net.http_request_queue where id = $1', [row.id]);
        await tx.query(
          `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [row.id, response.status_code, response.content_type, response.headers, response.content, response.timed_out, response.error_msg],
        );
      });
    } catch (error) {
      console.error(`[pg_net] recording the response to request ${row.id} failed:`, error);
    }
  }

  /** pg_net.ttl: old responses go, checked at most once a minute. */
  async #expireResponses(): Promise<void> {
    if (Date.now() - this.#lastExpiry < 60_000) return;
    this.#lastExpiry = Date.now();
    await this.#db.query(`delete from net._http_response where created < now() - $1::int * interval '1 millisecond'`, [this.#ttlMs]);
  }
}
