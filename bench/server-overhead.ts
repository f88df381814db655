import { withRequestTransaction } from '../server/db/request-transaction.ts';
import { seedCatalog } from '../supabase/seed/seed-catalog.ts';
import { startLocalBackend } from './local-backend.ts';
import { round, runConcurrently } from './stats.ts';

const CONCURRENCY = 20;
const REQUESTS = 2000;
const SELECT_SQL = `select id, slug, title, price_cents from public.items where category_id = $1 order by price_cents limit 24`;

/**
 * A select and an RPC through supabase-js over HTTP at 20 concurrent clients, next to the same
 * queries run directly on PGlite (as anon, in a request transaction) in the same run.
 */
export async function runServerOverheadBench(): Promise<Record<string, number>> {
  const backend = await startLocalBackend();
  try {
    await seedCatalog(backend.client(backend.ctx.keys.serviceRoleKey), { items: 240, images: false });
    const client = backend.client(backend.ctx.keys.publishableKey);
    const anon = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/bench', readOnly: true };

    const restSelect = await runConcurrently(REQUESTS, CONCURRENCY, async () => {
      const { error } = await client.from('items').select('id, slug, title, price_cents').eq('category_id', 2).order('price_cents').limit(24);
      if (error) throw new Error(error.message);
    });
    const directSelect = await runConcurrently(REQUESTS, CONCURRENCY, async () => {
      await withRequestTransaction(backend.ctx.db, anon, (tx) => tx.query(SELECT_SQL, [2]));
    });
    const restRpc = await runConcurrently(REQUESTS, CONCURRENCY, async () => {
      const { error } = await client.rpc('search_items', { query: 'lamp' });
      if (error) throw new Error(error.message);
    });
    const directRpc = await runConcurrently(REQUESTS, CONCURRENCY, async () => {
      await withRequestTransaction(backend.ctx.db, anon, (tx) => tx.query(`select public.search_items(query => $1)`, ['lamp']));
    });
    return {
      restSelectRps: restSelect.requestsPerSecond,
      restSelectP50Ms: restSelect.p50,
      restSelectP95Ms: restSelect.p95,
      directSelectRps: directSelect.requestsPerSecond,
      selectOverheadRatio: round(directSelect.requestsPerSecond / restSelect.requestsPerSecond, 2),
      restRpcRps: restRpc.requestsPerSecond,
      restRpcP50Ms: restRpc.p50,
      restRpcP95Ms: restRpc.p95,
      directRpcRps: directRpc.requestsPerSecond,
      rpcOverheadRatio: round(directRpc.requestsPerSecond / restRpc.requestsPerSecond, 2),
    };
  } finally {
    await backend.close();
  }
}
