import { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress } from './client-address.ts';
import { verifyJwt } from './jwt.ts';
import type { ApiKeys } from './keys.ts';
import { resolveBearer } from './resolve-bearer.ts';
import { overloadedAnswer } from './body-limits.ts';

export interface AdmissionOptions {
  /**
   * Requests doing database work at once; the others wait their turn. The embedded PGlite runs one
   * statement at a time, in the order they came, so every request admitted beyond the first is
   * one more a newcomer waits behind inside the database, where this queue can no longer put
   * another client first: with one client sending eight 2–3 s reads, another's small read waited
   * 4–6 s at two, 10–12 s at four and 18–21 s with no limit. Two rather than one: a slot is also
   * held through a request's work outside SQL (a bcrypt hash, an upload's file write), and a
   * second keeps the database busy meanwhile. A PostgreSQL engine can take its pool's size.
   */
  concurrency?: number;
  /** Waiting requests one client may have; the next is refused at once. */
  perClientQueue?: number;
  /** Waiting requests in all; the next is refused at once. */
  totalQueue?: number;
  /** Retry-After (seconds) on a refusal. postgrest-js waits this long before retrying a GET. */
  retryAfterSeconds?: number;
}

export const DEFAULT_ADMISSION: Required<AdmissionOptions> = {
  concurrency: 2,
  // A browser keeps at most six connections to one origin, but everything on this machine shares
  // one address: a few browser tabs, a test runner's pages, the REST bench's twenty at once.
  // Waiting costs others nothing (the next turn goes to the client with the fewest requests in).
  perClientQueue: 32,
  totalQueue: 256,
  retryAfterSeconds: 1,
};

/** Gives a request's slot back; calling it again does nothing. */
export type Release = () => void;

export type Refusal = 'client-queue-full' | 'queue-full';

export type Entry =
  | { state: 'admitted'; release: Release }
  /** `admitted` rejects (with an AbortError) if `leave` is called before the turn comes. */
  | { state: 'queued'; admitted: Promise<Release>; leave: () => void }
  | { state: 'refused'; refusal: Refusal };

interface Waiter {
  key: string;
  grant: (release: Release) => void;
  cancel: (reason: Error) => void;
}

/**
 * A bounded, fair line in front of database work: at most `concurrency` requests in at once, and
 * the others waiting in one FIFO lane per client. When a slot frees, the next request comes from
 * the waiting client with the fewest requests already in, ties going round-robin (the lane served
 * goes to the back): a client that fills every slot and queues ten more still lets another
 * client's one request in next, and two busy clients alternate. Past a client's queue cap, or the
 * total cap, a request is refused at once instead of waiting (its client retries later).
 */
export class FairAdmission {
  readonly options: Required<AdmissionOptions>;
  #active = 0;
  #waiting = 0;
  /** Requests in, per client (absent when none). */
  readonly #inByClient = new Map<string, number>();
  /** Waiting requests, per client, oldest first (absent when none). */
  readonly #lanes = new Map<string, Waiter[]>();
  /** Clients with waiting requests, in round-robin order. */
  #ring: string[] = [];

  constructor(options: AdmissionOptions = {}) {
    this.options = { ...DEFAULT_ADMISSION, ...options };
    if (!(this.options.concurrency >= 1)) throw new Error('admission concurrency must be at least 1');
  }

  /** Requests in now. */
  get active(): number {
    return this.#active;
  }

  /** Requests waiting now. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Requests `key` has waiting now. */
  waitingFor(key: string): number {
    return this.#lanes.get(key)?.length ?? 0;
  }

  /** Lets a request of client `key` in now, queues it, or refuses it when its queue or the line is full. */
  enter(key: string): Entry {
    if (this.#active < this.options.concurrency && this.#waiting === 0) return { state: 'admitted', release: this.#admit(key) };
    const lane = this.#lanes.get(key);
    if ((lane?.length ?? 0) >= this.options.perClientQueue) return { state: 'refused', refusal: 'client-queue-full' };
    if (this.#waiting >= this.options.totalQueue) return { state: 'refused', refusal: 'queue-full' };
    let waiter: Waiter | undefined;
    const admitted = new Promise<Release>((grant, cancel) => {
      waiter = { key, grant, cancel };
    });
    // Set synchronously by the executor above.
    const queued = waiter as Waiter;
    if (lane) lane.push(queued);
    else {
      this.#lanes.set(key, [queued]);
      this.#ring.push(key);
    }
    this.#waiting++;
    return { state: 'queued', admitted, leave: () => this.#leave(queued) };
  }

  #admit(key: string): Release {
    this.#active++;
    this.#inByClient.set(key, (this.#inByClient.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
      const count = (this.#inByClient.get(key) ?? 1) - 1;
      if (count === 0) this.#inByClient.delete(key);
      else this.#inByClient.set(key, count);
      this.#dispatch();
    };
  }

  #dispatch(): void {
    while (this.#active < this.options.concurrency && this.#ring.length > 0) {
      // The waiting client with the fewest requests in; the first such in the ring.
      let chosen = 0;
      let fewest = Number.POSITIVE_INFINITY;
      for (const [index, key] of this.#ring.entries()) {
        const count = this.#inByClient.get(key) ?? 0;
        if (count < fewest) {
          fewest = count;
          chosen = index;
          if (count === 0) break;
        }
      }
      const key = this.#ring[chosen];
      const lane = this.#lanes.get(key);
      const waiter = lane?.shift();
      this.#ring.splice(chosen, 1);
      if (!lane || !waiter) continue;
      if (lane.length > 0) this.#ring.push(key);
      else this.#lanes.delete(key);
      this.#waiting--;
      waiter.grant(this.#admit(key));
    }
  }

  #leave(waiter: Waiter): void {
    const lane = this.#lanes.get(waiter.key);
    const index = lane?.indexOf(waiter) ?? -1;
    // Already let in (or gone): the request holds a slot it must release itself.
    if (!lane || index < 0) return;
    lane.splice(index, 1);
    this.#waiting--;
    if (lane.length === 0) {
      this.#lanes.delete(waiter.key);
      this.#ring = this.#ring.filter((key) => key !== waiter.key);
    }
    waiter.cancel(new DOMException('The request left the queue', 'AbortError'));
  }
}

/**
 * Whose lane a request waits in: the user's id (`sub`) when it carries a valid user token, else
 * the client's address (the socket's peer, or the trusted proxy header, as for auth's per-IP
 * limits). The token check is the one every service makes next, whose result is cached: no
 * database is asked. An anon or service key carries no `sub`, so such callers share their address's lane.
 */
export async function admissionKey(c: Context, keys: ApiKeys, trustedHeader?: string): Promise<string> {
  const token = resolveBearer(c.req.header('authorization'), c.req.header('apikey'), keys);
  if (token) {
    const verified = await verifyJwt(token, keys.jwtSecret);
    if (verified.ok && typeof verified.claims.sub === 'string' && verified.claims.sub !== '') return `user:${verified.claims.sub}`;
  }
  return `address:${clientAddress(c, trustedHeader)}`;
}

/**
 * Whether a request under `prefix` does database work, and so waits its turn. Auth's health,
 * settings and key set are answered from memory; realtime's only database work over HTTP is its
 * broadcast API (its WebSocket is upgraded outside this app, and joins and messages run on the
 * socket). REST and storage reach the database on every route: even a public object's download
 * looks up its row (bucket, metadata) before the bytes stream from disk.
 */
function doesDatabaseWork(prefix: string, path: string): boolean {
  switch (prefix) {
    case '/auth/v1':
      return !['/auth/v1/health', '/auth/v1/settings', '/auth/v1/.well-known/jwks.json'].includes(path);
    case '/realtime/v1':
      return path.startsWith('/realtime/v1/api/');
    default:
      return true;
  }
}

/**
 * Waits in `key`'s lane for a slot: the slot's release once admitted, the refusal when the line is
 * full, or 'gone' when the client went away while waiting (it has left the line; nobody reads an
 * answer, and 499 is the status proxies log for that).
 */
export async function waitForTurn(admission: FairAdmission, key: string, c: Context): Promise<Release | Refusal | 'gone'> {
  const entry = admission.enter(key);
  if (entry.state === 'refused') return entry.refusal;
  if (entry.state === 'admitted') return entry.release;
  const stopWatching = whenClientGone(c, () => entry.leave());
  try {
    return await entry.admitted;
  } catch {
    return 'gone';
  } finally {
    stopWatching();
  }
}

/**
 * The gateway step that makes database work wait its turn in `admission` (mounted per API prefix,
 * after the body limits). A request's body is read in full first (within the service's body
 * limit): a slow sender must not hold a slot while its bytes trickle in. A request admitted holds
 * its slot until its service says its database work is done (databaseWorkDone) or, at the latest,
 * until its response is produced, not until the body has streamed out: by then its SQL
 * is done (an answer built from rows is whole in memory, a storage download streams from disk),
 * so a slow reader holds no slot either. A refusal is answered at once, in the service's shape,
 * with Retry-After. A waiting request whose client goes away leaves the line.
 *
 * `/functions/v1` is not admitted: a function calls back into REST and auth over in-process fetch,
 * and a function holding a slot while its own REST call waits for one would deadlock as soon as
 * every slot were held by functions. Its calls into REST are admitted there, each on its own.
 */
export function admissionGate(admission: FairAdmission, prefix: string, options: { keys: ApiKeys; trustedHeader?: string }): MiddlewareHandler {
  return async (c, next) => {
    if (!doesDatabaseWork(prefix, c.req.path)) return next();
    const method = c.req.method;
    // Cached by Hono: the service reads the same bytes (as text, JSON or a form) without a second read.
    if (method !== 'GET' && method !== 'HEAD') await c.req.arrayBuffer();
    const turn = await waitForTurn(admission, await admissionKey(c, options.keys, options.trustedHeader), c);
    if (turn === 'gone') return new Response(null, { status: 499 });
    if (typeof turn !== 'function') return overloadedAnswer(c, prefix, refusalText(turn, admission.options), admission.options.retryAfterSeconds);
    heldSlots.set(c, turn);
    try {
      await next();
    } finally {
      turn();
    }
  };
}

/** The slot each admitted request holds, for a service to give back early (databaseWorkDone). */
const heldSlots = new WeakMap<Context, Release>();

/**
 * Gives the request's slot back as soon as its service knows the database work is over (a REST
 * request's one transaction has ended), rather than once the whole answer is produced: the next
 * request's SQL then reaches the database while this one's answer is being built, so the database
 * does not sit idle between two turns. Does nothing for a request that holds no slot.
 */
export function databaseWorkDone(c: Context): void {
  heldSlots.get(c)?.();
}

/**
 * Calls `gone` when the request's client goes away; returns what stops watching. Over a socket,
 * that is the response closing before it was sent, which is what Node's adapter turns into the
 * Request's abort signal; asking for that signal instead makes the adapter build a whole Request
 * (headers, AbortController) only to listen, and with many requests waiting their turn that was
 * a twentieth of the server's time on a REST read. In-process requests are Requests already.
 */
function whenClientGone(c: Context, gone: () => void): () => void {
  const outgoing: unknown = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse) {
    if (outgoing.closed) {
      gone();
      return () => undefined;
    }
    const onClose = () => {
      if (!outgoing.writableFinished) gone();
    };
    outgoing.once('close', onClose);
    return () => outgoing.off('close', onClose);
  }
  const signal = c.req.raw.signal;
  if (signal.aborted) {
    gone();
    return () => undefined;
  }
  signal.addEventListener('abort', gone, { once: true });
  return () => signal.removeEventListener('abort', gone);
}

function refusalText(refusal: Refusal, options: Required<AdmissionOptions>): string {
  return refusal === 'client-queue-full'
    ? `This client already has ${options.perClientQueue} requests waiting for the database, the most one client may queue`
    : `${options.totalQueue} requests are already waiting for the database, the most the server queues`;
}
