import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { percentile, round } from './stats.ts';

/** The requests the load can send: each is what the shop's own supabase-js call puts on the wire. */
export type ScenarioName = 'select' | 'rpc' | 'catalog-page' | 'item-by-slug' | 'search' | 'cart';

/** One stretch of load: a fixed number of requests, or as many as `durationMs` allows. */
export interface LoadPhase {
  /** Scenarios sent in turn, each as often as its weight (round-robin over the weighted list). */
  mix: { scenario: ScenarioName; weight: number }[];
  clients: number;
  /** Requests sent (and not measured) first, so the server's caches and the JIT are warm. */
  warmup: number;
  total?: number;
  durationMs?: number;
  /**
   * `one-per-client`: each client connects from an address of its own (127.0.0.2, .3, …; Linux
   * answers the whole 127/8 on loopback), as shoppers do, so the server's fair line sees as many
   * clients as there are; by default all share this machine's one address, as a browser's tabs do.
   */
  addresses?: 'shared' | 'one-per-client';
}

/** Where the load goes and what it may send; the load process captures these scenarios once, then runs phases on request. */
export interface LoadTarget {
  url: string;
  /** The key supabase-js is created with (the publishable key, as the shop's browser has). */
  key: string;
  /** Signed-in shoppers' access tokens, for `cart`: client n reads the cart of shopper n modulo their number. */
  accessTokens?: string[];
  /** A slug that exists, for `item-by-slug`; a category slug, for `catalog-page`. */
  itemSlug?: string;
  categorySlug?: string;
  scenarios: ScenarioName[];
}

/** What the parent sends: the target first, then one phase at a time. */
export type LoadCommand = { kind: 'target'; target: LoadTarget } | { kind: 'phase'; phase: LoadPhase };

/** What the load process answers: ready once the scenarios are captured, then one result per phase sent to it. */
export type LoadAnswer = { kind: 'ready' } | { kind: 'result'; result: PhaseResult } | { kind: 'error'; message: string };

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
}

export interface PhaseResult extends LatencySummary {
  requestsPerSecond: number;
  byScenario: Partial<Record<ScenarioName, LatencySummary>>;
  /** CPU the load process spent per request (ms). */
  clientCpuMsPerRequest: number;
}

/** The wire form of one supabase-js call: method, path and query, headers and body as sent. */
interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The shop's calls (src/features/…/api), made with the same supabase-js the browser runs. */
const SCENARIOS: Record<ScenarioName, (client: SupabaseClient, load: LoadTarget) => PromiseLike<unknown>> = {
  select: (client) => client.from('items').select('id, slug, title, price_cents').eq('category_id', 2).order('price_cents').limit(24),
  rpc: (client) => client.rpc('search_items', { query: 'lamp' }),
  // The catalog page (list-items.ts): a category's first page, newest first.
  'catalog-page': (client, load) =>
    client.rpc('search_items', { query: '', category: load.categorySlug, in_stock: false, featured: false, sort: 'newest', page: 1, page_size: 24 }),
  // The item page (get-item.ts).
  'item-by-slug': (client, load) =>
    client
      .from('items')
      .select('id, slug, title, description, price_cents, currency, stock, category_id, image_paths, created_at')
      .eq('slug', load.itemSlug ?? '')
      .is('archived_at', null)
      .maybeSingle(),
  // The search box's suggestions (search-suggestions.ts).
  search: (client) => client.rpc('search_items', { query: 'lamp', sort: 'relevance', page_size: 6 }),
  // The signed-in shopper's cart (get-cart.ts: its lines with their items).
  cart: (client) =>
    client
      .from('cart_items')
      .select('item_id, quantity, item:items(id, slug, title, price_cents, currency, stock, image_paths)')
      .order('created_at')
      .order('item_id'),
};

type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

/** Connection headers the replaying agent sets itself. */
const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Makes the scenario's supabase-js call once against a stand-in server on this thread and records
 * the request exactly as it arrived (Node's fetch adds its own headers: Accept-Encoding, User-Agent…),
 * so the backend later receives these very bytes.
 */
async function capture(scenario: ScenarioName, load: LoadTarget): Promise<WireRequest> {
  let recorded: WireRequest | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i];
        if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = req.rawHeaders[i + 1];
      }
      recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body: chunks.length > 0 ? Buffer.concat(chunks) : null };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = load.accessTokens?.[0];
  const headers: Record<string, string> = token && scenario === 'cart' ? { Authorization: `Bearer ${token}` } : {};
  const client = createClient(standIn, load.key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    // Node 20 has no global WebSocket, which realtime-js wants even unused.
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
  });
  try {
    // The stand-in's `[]` may not fit the call's shape (maybeSingle); only the request matters here.
    await Promise.resolve(SCENARIOS[scenario](client, load)).then(undefined, () => undefined);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  if (!recorded) throw new Error(`supabase-js sent nothing for ${scenario}`);
  return recorded;
}

/** The body as supabase-js reads it: decompressed as fetch does, then parsed as postgrest-js does. */
function decodeBody(headers: IncomingHttpHeaders, bytes: Buffer): unknown {
  const encoding = headers['content-encoding'];
  const plain = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
  const text = plain.toString('utf8');
  return text === '' ? null : JSON.parse(text);
}

function send(agent: Agent, base: URL, wire: WireRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { agent, host: base.hostname, port: base.port, method: wire.method, path: wire.path, headers: wire.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          try {
            const body = decodeBody(res.headers, Buffer.concat(chunks));
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`${wire.method} ${wire.path} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(wire.body ?? undefined);
  });
}

/** CPU time of this process (every thread: its event loop, GC, compilers) in ms. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function summary(samples: number[]): LatencySummary {
  return { count: samples.length, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

/** `wire` as client `client` sends it: a cart read carries that client's shopper's token. */
function forClient(wire: WireRequest, scenario: ScenarioName, client: number, tokens: readonly string[]): WireRequest {
  if (scenario !== 'cart' || tokens.length < 2) return wire;
  const headers = Object.fromEntries(
    Object.entries(wire.headers).map(([name, value]) => [name, name.toLowerCase() === 'authorization' ? `Bearer ${tokens[client % tokens.length]}` : value]),
  );
  return { ...wire, headers };
}

async function runPhase(phase: LoadPhase, base: URL, wires: Map<ScenarioName, WireRequest>, tokens: readonly string[]): Promise<PhaseResult> {
  const order = phase.mix.flatMap(({ scenario, weight }) => Array.from({ length: weight }, () => scenario));
  // Keep-alive connections, one per client, as a browser tab keeps its own.
  const agents = Array.from({ length: phase.addresses === 'one-per-client' ? phase.clients : 1 }, (_, index) =>
    phase.addresses === 'one-per-client'
      ? new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${2 + index}` })
      : new Agent({ keepAlive: true, maxSockets: phase.clients }),
  );
  try {
    let next = 0;
    const drive = async (until: (sent: number, now: number) => boolean, record: (scenario: ScenarioName, ms: number) => void) => {
      const started = performance.now();
      await Promise.all(
        Array.from({ length: phase.clients }, async (_, client) => {
          const agent = agents[client % agents.length];
          const own = new Map([...wires].map(([scenario, wire]) => [scenario, forClient(wire, scenario, client, tokens)]));
          while (!until(next, performance.now() - started)) {
            const scenario = order[next++ % order.length];
            const t0 = performance.now();
            await send(agent, base, own.get(scenario) as WireRequest);
            record(scenario, performance.now() - t0);
          }
        }),
      );
      return performance.now() - started;
    };
    await drive((sent) => sent >= phase.warmup, () => undefined);
    next = 0;
    const samples: number[] = [];
    const byScenario = new Map<ScenarioName, number[]>();
    const cpuBefore = processCpuMs();
    const { total, durationMs } = phase;
    const wallMs = await drive(
      (sent, elapsed) => (total !== undefined ? sent >= total : elapsed >= (durationMs ?? 0)),
      (scenario, ms) => {
        samples.push(ms);
        const values = byScenario.get(scenario);
        if (values) values.push(ms);
        else byScenario.set(scenario, [ms]);
      },
    );
    const cpuAfter = processCpuMs();
    return {
      ...summary(samples),
      requestsPerSecond: round((samples.length / wallMs) * 1000, 0),
      byScenario: Object.fromEntries([...byScenario].map(([name, values]) => [name, summary(values)])),
      clientCpuMsPerRequest: round((cpuAfter - cpuBefore) / samples.length, 2),
    };
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/**
 * The HTTP side of the REST benchmarks, in a process of its own: a browser never runs in the
 * server's process, so the client shares neither the server's event loop nor its CPU accounting
 * (the server's figures count the server's process alone). Each scenario is sent as supabase-js
 * sends it (captured once from supabase-js itself), and each answer is read as supabase-js reads
 * it (decompressed, JSON parsed), but the load itself is replayed over plain keep-alive HTTP:
 * supabase-js on Node's fetch cost about 1.7 ms of CPU per request here, as much as the server's
 * whole HTTP side, and on a machine of two cores that CPU is taken from the server. A browser
 * spends it on the user's machine. The process stays for every phase of a run, so its code is
 * compiled and warm once, not again in each measured phase.
 */
function serve(): void {
  const answer = (message: LoadAnswer) => process.send?.(message);
  let ready: Promise<{ target: LoadTarget; wires: Map<ScenarioName, WireRequest> }> | null = null;
  const fail = (error: unknown) => answer({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  process.on('message', (command: LoadCommand) => {
    if (command.kind === 'target') {
      const { target } = command;
      ready = (async () => {
        const wires = new Map<ScenarioName, WireRequest>();
        for (const scenario of new Set(target.scenarios)) wires.set(scenario, await capture(scenario, target));
        return { target, wires };
      })();
      ready.then(() => answer({ kind: 'ready' }), fail);
      return;
    }
    if (!ready) return fail(new Error('a phase came before the target'));
    const { phase } = command;
    // One phase at a time: the parent waits for each answer before sending the next.
    ready
      .then(({ target, wires }) => runPhase(phase, new URL(target.url), wires, target.accessTokens ?? []))
      .then((result) => answer({ kind: 'result', result }), fail);
  });
  // The parent going away ends the load.
  process.on('disconnect', () => process.exit(0));
}

serve();
