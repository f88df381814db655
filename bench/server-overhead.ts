import { readInRequestTransaction, type RequestContext } from '../server/testing/database.ts';
import { seedCatalog } from '../supabase/seed/seed-catalog.ts';
import { startLocalBackend, type LocalBackend } from './local-backend.ts';
import { openRestLoad, type PhaseResult, type RestLoad, type ScenarioName } from './rest-load.ts';
import { round, runConcurrently } from './stats.ts';

const CONCURRENCY = 20;
const REQUESTS = 1000;
const WARMUP = 300;
/** REST and direct take turns this many times; every figure is the median of the rounds (the machine is shared). */
const ROUNDS = 3;

/*
 * What the client's calls (rest-load-worker.ts `select` and `rpc`) ask for, as one would run it on
 * the engine directly. Literals, as REST sends them: a statement with its set-up in one message
 * has no parameters.
 */
const SELECT_SQL = `select id, slug, title, price_cents from public.items where category_id = 2 order by price_cents limit 24`;
const RPC_SQL = `select public.search_items(query => 'lamp')`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** CPU time of this process in ms: the server's event loop, the database's worker thread, GC and compilers. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The claims REST sets for a request with the publishable key: the anon JWT's payload. */
function anonClaims(backend: LocalBackend): Record<string, unknown> {
  const payload = backend.ctx.keys.anonKey.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

interface Measured {
  rest: PhaseResult;
  /** This process's CPU per REST request (warm-up included), in ms: the server alone, the load runs in a process of its own. */
  restCpuMs: number;
  direct: Awaited<ReturnType<typeof runConcurrently>>;
  /** This process's CPU per direct request (warm-up included), in ms. */
  directCpuMs: number;
}

/**
 * REST's read of the scenario over HTTP, then the same query run directly: on the same engine
 * (`ctx.db`, PGlite in its worker thread, as REST reaches it), with the same set-up and in the
 * same kind of transaction as REST's read: one READ ONLY request transaction, the role and
 * PostgREST's GUCs set in the same message as the statement (`readInRequestTransaction`).
 * Running it as BEGIN, set-up, statement, COMMIT (four messages to the worker, as this bench once
 * did) would make the direct side slower than what REST itself sends for a read, and so count
 * three round trips REST avoids as if they were the engine's cost: the overhead looked smaller
 * than it was. What remains between the two sides is what the HTTP API adds: the socket, the
 * gateway (CORS, admission, the token), parsing the query, building the SQL and the JSON answer
 * in the statement, and gzip.
 */
async function measure(backend: LocalBackend, load: RestLoad, scenario: ScenarioName, path: string, sql: string): Promise<Measured> {
  const restCpuBefore = processCpuMs();
  const rest = await load.run({ mix: [{ scenario, weight: 1 }], clients: CONCURRENCY, warmup: WARMUP, total: REQUESTS });
  const restCpuMs = (processCpuMs() - restCpuBefore) / (WARMUP + REQUESTS);
  const context: RequestContext = {
    role: 'anon',
    claims: anonClaims(backend),
    method: scenario === 'rpc' ? 'POST' : 'GET',
    path,
    // REST hands the request's headers to the database as `request.headers`: about this many.
    headers: {
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate',
      'accept-language': '*',
      'accept-profile': 'public',
      apikey: backend.ctx.keys.publishableKey,
      authorization: `Bearer ${backend.ctx.keys.publishableKey}`,
      connection: 'keep-alive',
      host: new URL(backend.url).host,
      'sec-fetch-mode': 'cors',
      'user-agent': 'node',
      'x-client-info': 'supabase-js-node/2',
    },
    settings: { search_path: '"public", "public", "extensions"' },
  };
  const run = async () => {
    await readInRequestTransaction(backend.ctx.db, context, sql);
  };
  const directCpuBefore = processCpuMs();
  await runConcurrently(WARMUP, CONCURRENCY, run);
  const direct = await runConcurrently(REQUESTS, CONCURRENCY, run);
  const directCpuMs = (processCpuMs() - directCpuBefore) / (WARMUP + REQUESTS);
  return { rest, restCpuMs, direct, directCpuMs };
}

function figures(name: 'Select' | 'Rpc', rounds: Measured[]): Record<string, number> {
  const ratio = (values: number[]) => round(median(values), 2);
  return {
    [`rest${name}Rps`]: median(rounds.map((r) => r.rest.requestsPerSecond)),
    [`rest${name}P50Ms`]: median(rounds.map((r) => r.rest.p50)),
    [`rest${name}P95Ms`]: median(rounds.map((r) => r.rest.p95)),
    [`direct${name}Rps`]: median(rounds.map((r) => r.direct.requestsPerSecond)),
    // The ratio of each round (both sides measured back to back), then the median.
    [`${name.toLowerCase()}OverheadRatio`]: ratio(rounds.map((r) => r.direct.requestsPerSecond / r.rest.requestsPerSecond)),
    [`rest${name}ServerCpuMs`]: round(median(rounds.map((r) => r.restCpuMs)), 2),
    [`direct${name}CpuMs`]: round(median(rounds.map((r) => r.directCpuMs)), 2),
    [`${name.toLowerCase()}CpuOverheadRatio`]: ratio(rounds.map((r) => r.restCpuMs / r.directCpuMs)),
    [`rest${name}ClientCpuMs`]: round(median(rounds.map((r) => r.rest.clientCpuMsPerRequest)), 2),
  };
}

/**
 * A select and an RPC through the REST API over HTTP at 20 concurrent clients (a process of its
 * own sends what supabase-js sends: rest-load-worker.ts), next to the same queries run directly on
 * the same engine in the same run, taking turns ROUNDS times: the ratio of requests per second is
 * what the HTTP API costs on top. On a shared machine that ratio moves with everything else that
 * runs (the HTTP side needs three busy threads, the direct side two), so the CPU this process spent
 * per request on each side is given too, with its ratio: the server's own work, which the machine's
 * other load disturbs far less. `rest…ClientCpuMs` is the load process's, for scale.
 */
export async function runServerOverheadBench(): Promise<Record<string, number>> {
  const backend = await startLocalBackend();
  try {
    await seedCatalog(backend.client(backend.ctx.keys.serviceRoleKey), { items: 240, images: false });
    const load = await openRestLoad({ url: backend.url, key: backend.ctx.keys.publishableKey, scenarios: ['select', 'rpc'] });
    try {
      const select: Measured[] = [];
      const rpc: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        select.push(await measure(backend, load, 'select', '/items', SELECT_SQL));
        rpc.push(await measure(backend, load, 'rpc', '/rpc/search_items', RPC_SQL));
      }
      return { ...figures('Select', select), ...figures('Rpc', rpc) };
    } finally {
      await load.close();
    }
  } finally {
    await backend.close();
  }
}
