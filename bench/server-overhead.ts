import { Worker } from 'node:worker_threads';
import { withRequestTransaction } from '../server/testing/database.ts';
import { seedCatalog } from '../supabase/seed/seed-catalog.ts';
import { startLocalBackend } from './local-backend.ts';
import type { RestLoadRequest, RestLoadResult } from './rest-load-worker.ts';
import { round, runConcurrently } from './stats.ts';

const CONCURRENCY = 20;
const REQUESTS = 2000;
const SELECT_SQL = `select id, slug, title, price_cents from public.items where category_id = $1 order by price_cents limit 24`;

/** Runs rest-load-worker.ts in a worker thread (TypeScript through tsx, registered in the worker). */
function runRestLoad(request: RestLoadRequest): Promise<RestLoadResult> {
  const file = new URL('./rest-load-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: request });
  return new Promise<RestLoadResult>((resolve, reject) => {
    worker.once('message', (result: RestLoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the REST load worker exited with ${code} before answering`)));
  }).finally(() => void worker.terminate());
}

/**
 * A select and an RPC through supabase-js over HTTP at 20 concurrent clients (in a worker thread,
 * as a browser is outside the server), next to the same queries run directly on PGlite (as anon,
 * in a request transaction) in the same run: the ratio is what the HTTP API costs on top.
 */
export async function runServerOverheadBench(): Promise<Record<string, number>> {
  const backend = await startLocalBackend();
  try {
    await seedCatalog(backend.client(backend.ctx.keys.serviceRoleKey), { items: 240, images: false });
    const anon = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/bench', readOnly: true };

    const rest = await runRestLoad({ url: backend.url, key: backend.ctx.keys.publishableKey, total: REQUESTS, concurrency: CONCURRENCY });
    const directSelect = await runConcurrently(REQUESTS, CONCURRENCY, async () => {
      await withRequestTransaction(backend.ctx.db, anon, (tx) => tx.query(SELECT_SQL, [2]));
    });
    const directRpc = await runConcurrently(REQUESTS, CONCURRENCY, async () => {
      await withRequestTransaction(backend.ctx.db, anon, (tx) => tx.query(`select public.search_items(query => $1)`, ['lamp']));
    });
    return {
      restSelectRps: rest.select.requestsPerSecond,
      restSelectP50Ms: rest.select.p50,
      restSelectP95Ms: rest.select.p95,
      directSelectRps: directSelect.requestsPerSecond,
      selectOverheadRatio: round(directSelect.requestsPerSecond / rest.select.requestsPerSecond, 2),
      restRpcRps: rest.rpc.requestsPerSecond,
      restRpcP50Ms: rest.rpc.p50,
      restRpcP95Ms: rest.rpc.p95,
      directRpcRps: directRpc.requestsPerSecond,
      rpcOverheadRatio: round(directRpc.requestsPerSecond / rest.rpc.requestsPerSecond, 2),
    };
  } finally {
    await backend.close();
  }
}
