import { parentPort, workerData } from 'node:worker_threads';
import { createNodeSupabaseClient } from '../server/index.ts';
import { runConcurrently } from './stats.ts';

/** What server-overhead.ts asks of this worker: the backend's address, a key, and the load. */
export interface RestLoadRequest {
  url: string;
  key: string;
  total: number;
  concurrency: number;
}

export type RestLoadResult = Record<'select' | 'rpc', Awaited<ReturnType<typeof runConcurrently>>>;

/**
 * The HTTP side of the REST overhead bench, in a thread of its own: a browser never runs in the
 * server's process, so supabase-js and its fetch must not share the server's event loop either
 * (in one thread they took about a third of it, and the figure measured the client as well).
 */
async function runLoad({ url, key, total, concurrency }: RestLoadRequest): Promise<RestLoadResult> {
  const client = createNodeSupabaseClient(url, key);
  const select = async () => {
    const { error } = await client.from('items').select('id, slug, title, price_cents').eq('category_id', 2).order('price_cents').limit(24);
    if (error) throw new Error(error.message);
  };
  const rpc = async () => {
    const { error } = await client.rpc('search_items', { query: 'lamp' });
    if (error) throw new Error(error.message);
  };
  // A short warm-up each, so the server's caches and the JIT are in the figures' steady state.
  await runConcurrently(200, concurrency, select);
  const selectResult = await runConcurrently(total, concurrency, select);
  await runConcurrently(100, concurrency, rpc);
  const rpcResult = await runConcurrently(total, concurrency, rpc);
  return { select: selectResult, rpc: rpcResult };
}

parentPort?.postMessage(await runLoad(workerData as RestLoadRequest));
