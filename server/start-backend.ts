import { EventEmitter } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { AuthAppOptions } from './auth/auth-app.ts';
import { openBackend } from './backend-context.ts';
import type { ProjectConfigOverrides } from './config/project-config.ts';
import type { ServerContext } from './context.ts';
import { ALL_DATABASE_WORKERS, startDatabaseWorkers, type DatabaseWorkerName, type DatabaseWorkers } from './database-workers.ts';
import type { MigrationResult } from './db/migrate.ts';
import type { FunctionsOptions } from './functions/functions-app.ts';
import { settleAfterResponse } from './lib/after-response.ts';
import { createNodeSupabaseClient } from './lib/node-supabase-client.ts';
import { PortUnavailableError } from './port-unavailable-error.ts';
import { attachRealtime, createRealtime, type Realtime } from './realtime/index.ts';
import { storageRoot } from './storage/storage-root.ts';

export { PortUnavailableError };

/**
 * Where a backend keeps its data.
 *
 * - `{ dir }`: PGlite's files in `dir/pgdata` and storage objects in `dir/storage`; the directory
 *   is locked for as long as the backend is open (one server per data directory). `reset` deletes
 *   the database first.
 * - `{ memory: true }`: a database in memory (cloned from the cached bootstrap snapshot) and
 *   storage objects in a per-process temporary folder, removed when the last such backend closes.
 * - `{ databaseUrl, dir }`: the real PostgreSQL database at that URL (bootstrapped when empty; one
 *   backend per database) and storage objects under `dir/storage`; `dir` is locked as above.
 */
export type BackendData = { dir: string; reset?: boolean } | { memory: true } | { databaseUrl: string; dir: string };

export interface BackendOptions {
  /** The Supabase project folder: migrations/, seed.sql, functions/, config.toml. */
  projectDir: string;
  data: BackendData;
  /**
   * Listen on 127.0.0.1 at this port (0: any free one). The port is bound before the data is
   * touched, so a busy port stops the start with the data directory untouched, and the public URL
   * (tokens' `iss`, functions' SUPABASE_URL) names the real port from the start. Omitted: nothing
   * listens, and the backend answers only through `fetch` and its clients.
   */
  port?: number;
  /** The public URL's host name when listening (default 127.0.0.1; `npm start` prints localhost, as the Supabase CLI does). */
  publicHost?: string;
  /** The origin clients use when nothing listens (default http://localhost:54321); with `port` it is derived and may not be given. */
  publicUrl?: string;
  /** pg_net's worker and pg_cron's launcher; default both, as on a Supabase stack. */
  workers?: readonly DatabaseWorkerName[];
  /** Realtime (its broadcast API, and the WebSocket when listening); default: on when listening. */
  realtime?: boolean;
  /** Auth's settings: bcrypt cost, rate-limit header, per-IP limits, limiter, password settings. */
  auth?: AuthAppOptions;
  /** Deep overrides on top of the project's config.toml. */
  config?: ProjectConfigOverrides;
  /** Edge functions tuning, e.g. a short time limit. */
  functions?: FunctionsOptions;
  /** A built single-page app to serve at `/` (none: the APIs only). */
  distDir?: string;
  /**
   * The project's own steps (seed data, demo accounts) once the APIs answer in-process and before
   * anything answers on the port or the workers start; it returns lines for a banner (or none). A failure
   * stops the start as a failed migration does: everything opened so far is closed again.
   */
  prepare?: (backend: PreparingBackend) => Promise<string[]>;
  /** Start-up progress ("creating the database", each migration, …). */
  onProgress?: (message: string) => void;
}

/** What a backend gives its callers. Every method is bound: spreading the object keeps them working. */
export interface BackendClients {
  /** Where clients reach the backend: the listening origin, or the `publicUrl` given. */
  url: string;
  ctx: ServerContext;
  /** `fetch` routed into the app in-process (no socket), counted as in flight until answered. */
  fetch: typeof fetch;
  /** A fresh supabase-js client with any key (its own auth state), talking to the app in-process. */
  client(key: string): SupabaseClient;
  /** A fresh supabase-js client with the anon key. */
  anonClient(): SupabaseClient;
  /** A fresh supabase-js client with the service_role key. */
  serviceClient(): SupabaseClient;
}

export interface PreparingBackend extends BackendClients {
  log: (message: string) => void;
}

export interface Backend extends BackendClients {
  /** The listening port; null when nothing listens. */
  port: number | null;
  /** The Hono app (every service); for a caller that mounts it on a server of its own. */
  app: Hono;
  /** The workers that run (null when none do). */
  workers: DatabaseWorkers | null;
  realtime: Realtime | null;
  startup: {
    /** A new database (in memory, reset, or a directory without one). */
    fresh: boolean;
    migrations: MigrationResult;
    /** What `prepare` returned. */
    prepared: string[];
  };
  /**
   * Stops in the reverse order of the start: the workers (their requests and jobs finish), realtime's
   * sockets, the port (requests in flight are answered first), in-process requests and the work they
   * left to run after their response, then the database (flushed; the data directory is unlocked).
   * Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const DEFAULT_PUBLIC_URL = 'http://localhost:54321';
/** How long closing waits for requests in flight before it cuts their connections. */
const CLOSE_GRACE_MS = 10_000;

type Step = () => Promise<void>;

function unavailable(message: string): Response {
  return Response.json({ code: 'backend_unavailable', message }, { status: 503, headers: { 'retry-after': '1' } });
}

function once(step: Step): Step {
  let done: Promise<void> | null = null;
  return () => (done ??= step());
}

/** Resolves when every promise in `set` (including ones added meanwhile) has settled, or after `ms`. */
async function settleWithin(set: Set<Promise<unknown>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const drained = (async () => {
    while (set.size > 0) await Promise.allSettled([...set]);
  })();
  await Promise.race([drained, timeout]);
  clearTimeout(timer);
}

async function bindPort(port: number, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handle);
  // Idle keep-alive sockets stay open longer than Node's 5 s default: a client (a browser,
  // Playwright's request context) that reuses one just as the server closes it gets ECONNRESET
  // for a request it never saw answered.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: LOOPBACK, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    throw new PortUnavailableError(port, error);
  });
  return server;
}

async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

/** In-memory backends of this process share one storage folder; the last to close removes it. */
let memoryBackends = 0;
const memoryStorageDir = () => path.dirname(storageRoot({ dataDir: null }));

/**
 * Starts a whole local backend, in this order: bind the port (when listening), lock and open the
 * database (bootstrap, migrations, seed, configured buckets, staged uploads recovered), build the
 * app, run the project's `prepare`, answer on the port with realtime attached, start the workers.
 * A failure at any step closes what the earlier steps opened, in reverse, and throws.
 */
export async function startBackend(options: BackendOptions): Promise<Backend> {
  const listening = options.port !== undefined;
  if (listening && options.publicUrl !== undefined) {
    throw new Error('startBackend: publicUrl is derived from the port when listening; give one or the other');
  }
  const log = options.onProgress ?? (() => undefined);
  const teardown: Step[] = [];
  const runTeardown = once(async () => {
    let failure: unknown = null;
    for (const step of teardown.reverse()) {
      await step().catch((error: unknown) => (failure ??= error));
    }
    if (failure !== null) throw failure;
  });

  // Requests over the port go here; 503 until the backend serves, and again once it stops.
  let answerSocket: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end(
      JSON.stringify({ code: 'backend_unavailable', message: 'The local backend is starting' }),
    );
  };
  let answerUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void = (_req, socket) => socket.destroy();

  try {
    let server: Server | null = null;
    let url = options.publicUrl ?? DEFAULT_PUBLIC_URL;
    if (options.port !== undefined) {
      const bound = await bindPort(options.port, (req, res) => answerSocket(req, res));
      server = bound;
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => answerUpgrade(req, socket, head));
      teardown.push(() => closeServer(bound));
      url = `http://${options.publicHost ?? LOOPBACK}:${(server.address() as AddressInfo).port}`;
    }

    const memory = 'memory' in options.data;
    if (memory) {
      memoryBackends += 1;
      teardown.push(async () => {
        memoryBackends -= 1;
        if (memoryBackends === 0) await rm(memoryStorageDir(), { recursive: true, force: true });
      });
    }
    const opened = await openBackend({
      projectDir: options.projectDir,
      dataDir: 'dir' in options.data ? options.data.dir : null,
      reset: 'reset' in options.data ? options.data.reset : undefined,
      databaseUrl: 'databaseUrl' in options.data ? options.data.databaseUrl : undefined,
      publicUrl: url,
      config: options.config,
      onProgress: log,
    });
    const { ctx } = opened;
    teardown.push(() => ctx.db.close());

    const realtimeOn = options.realtime ?? listening;
    const realtime = realtimeOn ? createRealtime(ctx) : null;
    const closeRealtime = once(async () => realtime?.close());
    teardown.push(closeRealtime);

    const app = await createApp({ backend: ctx, realtime: realtime ?? undefined, auth: options.auth, functions: options.functions, distDir: options.distDir });
    // Every request, over the port or in-process, is counted while the app answers it, so closing
    // can wait for it before the database goes.
    const inFlight = new Set<Promise<unknown>>();
    let appOpen = true;
    // `env`: Node's request and response when the request came over the port (the peer's address,
    // the response closing early); undefined in-process.
    const dispatch = (request: Request, env?: unknown): Promise<Response> => {
      if (!appOpen) return Promise.resolve(unavailable('The local backend has stopped'));
      const answer = Promise.resolve(app.fetch(request, env));
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return answer;
    };
    teardown.push(async () => {
      await settleWithin(inFlight, CLOSE_GRACE_MS);
      appOpen = false;
      await settleAfterResponse();
    });

    const inProcess = { fetch: dispatch };
    const client = (key: string): SupabaseClient => createNodeSupabaseClient(url, key, inProcess);
    const clients: BackendClients = {
      url,
      ctx,
      fetch: async (input, init) => dispatch(new Request(input, init)),
      client,
      anonClient: () => client(ctx.keys.anonKey),
      serviceClient: () => client(ctx.keys.serviceRoleKey),
    };

    const prepared = (await options.prepare?.({ ...clients, log })) ?? [];

    if (server !== null) {
      const open = server;
      const listener = getRequestListener(dispatch);
      answerSocket = listener;
      if (realtime) {
        const routed = new EventEmitter();
        attachRealtime(routed, realtime);
        answerUpgrade = (req, socket, head) => routed.emit('upgrade', req, socket, head);
      }
      teardown.push(async () => {
        // Realtime's sockets hold their connections open: they go first, then the port stops
        // taking connections, and the requests it is answering finish before the rest closes.
        await closeRealtime();
        answerUpgrade = (_req, socket) => socket.destroy();
        const closed = new Promise<void>((resolve) => open.close(() => resolve()));
        open.closeIdleConnections();
        await settleWithin(inFlight, CLOSE_GRACE_MS);
        open.closeAllConnections();
        await closed;
      });
    }

    const workerNames = options.workers ?? ALL_DATABASE_WORKERS;
    // Once the port answers: a queued webhook's function calls back into the APIs at once, and
    // requests an earlier run left queued go out now.
    const workers = workerNames.length > 0 ? await startDatabaseWorkers(ctx, dispatch, workerNames) : null;
    if (workers) teardown.push(() => workers.stop());

    return {
      ...clients,
      port: server === null ? null : (server.address() as AddressInfo).port,
      app,
      workers,
      realtime,
      startup: { fresh: opened.fresh, migrations: opened.migrations, prepared },
      close: runTeardown,
    };
  } catch (error) {
    await runTeardown().catch(() => undefined);
    throw error;
  }
}
