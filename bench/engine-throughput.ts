import { findPostgresBin, startPostgresCluster } from '../server/testing/postgres-cluster.ts';
import { seedCatalog } from '../supabase/seed/seed-catalog.ts';
import { startLocalBackend, type LocalBackend } from './local-backend.ts';
import { openRestLoad, type LoadPhase, type PhaseResult, type ScenarioName } from './rest-load.ts';

const CLIENTS = 50;
const DURATION_MS = 10_000;
const WARMUP = 500;
/** Shoppers signed in, each with a cart: client n reads shopper n modulo SHOPPERS's, as shoppers read their own. */
const SHOPPERS = 10;

/**
 * What 50 shoppers' browsers ask for, in these proportions: the catalog page (a category's first
 * page through search_items), an item page by slug, the search box's suggestions, and a signed-in
 * shopper's cart with its items. Each is the shop's own supabase-js call (rest-load-worker.ts).
 */
const MIX: LoadPhase['mix'] = [
  { scenario: 'catalog-page', weight: 3 },
  { scenario: 'item-by-slug', weight: 3 },
  { scenario: 'search', weight: 2 },
  { scenario: 'cart', weight: 2 },
];

type Engine = 'Pglite' | 'Postgres';

/** The demo catalog, SHOPPERS shoppers with three lines in their carts, and the slugs the calls ask for. */
async function prepare(backend: LocalBackend): Promise<{ accessTokens: string[]; itemSlug: string; categorySlug: string }> {
  const service = backend.client(backend.ctx.keys.serviceRoleKey);
  await seedCatalog(service, { items: 240, images: false });
  const items = await service.from('items').select('id, slug').gt('stock', 3).order('id').limit(3);
  const category = await service.from('categories').select('slug').order('sort_order').limit(1).single();
  if (items.error || category.error || !items.data[0]) throw new Error(`reading the catalog failed: ${(items.error ?? category.error)?.message ?? 'no items'}`);
  const accessTokens: string[] = [];
  for (let n = 0; n < SHOPPERS; n++) {
    const credentials = { email: `bench-shopper-${n}@lumen.test`, password: 'bench-shopper-password-1' };
    const created = await service.auth.admin.createUser({ ...credentials, email_confirm: true });
    if (created.error) throw new Error(`creating a shopper failed: ${created.error.message}`);
    const shopper = backend.client(backend.ctx.keys.publishableKey);
    const signedIn = await shopper.auth.signInWithPassword(credentials);
    if (signedIn.error) throw new Error(`signing a shopper in failed: ${signedIn.error.message}`);
    const cart = await shopper.from('cart_items').insert(items.data.map((item, index) => ({ item_id: item.id, quantity: index + 1 })));
    if (cart.error) throw new Error(`filling a cart failed: ${cart.error.message}`);
    accessTokens.push(signedIn.data.session.access_token);
  }
  return { accessTokens, itemSlug: items.data[0].slug, categorySlug: category.data.slug };
}

/** Seeds `backend`, then drives the mix from 50 keep-alive clients in a worker thread for DURATION_MS. */
async function measure(backend: LocalBackend): Promise<PhaseResult> {
  const target = await prepare(backend);
  const scenarios = MIX.map((entry) => entry.scenario);
  const load = await openRestLoad({ url: backend.url, key: backend.ctx.keys.publishableKey, scenarios, ...target });
  try {
    return await load.run({ mix: MIX, clients: CLIENTS, warmup: WARMUP, durationMs: DURATION_MS, addresses: 'one-per-client' });
  } finally {
    await load.close();
  }
}

function figures(engine: Engine, result: PhaseResult, log: (line: string) => void): Record<string, number> {
  const scenarios = Object.entries(result.byScenario)
    .map(([name, summary]) => `${name as ScenarioName} p50 ${summary.p50} / p95 ${summary.p95} ms (${summary.count})`)
    .join(', ');
  log(`${engine}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms; ${scenarios}`);
  return {
    [`engineRps${engine}`]: result.requestsPerSecond,
    [`engineP50Ms${engine}`]: result.p50,
    [`engineP95Ms${engine}`]: result.p95,
  };
}

/**
 * The shop's read mix at 50 concurrent clients on the two engines the backend runs on, one after
 * the other in the same run: PGlite in its worker thread (a data directory, as `npm start`), and a
 * throwaway PostgreSQL cluster of the machine's own PostgreSQL (`npm start -- --db-url`; fsync off,
 * as for tests) when one is installed. Each engine gets the same seeded catalog and the same load,
 * sent from a worker thread so the clients never share the server's event loop.
 */
export async function runEngineThroughputBench(log: (line: string) => void): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const pglite = await startLocalBackend();
  try {
    Object.assign(results, figures('Pglite', await measure(pglite), log));
  } finally {
    await pglite.close();
  }
  if (!findPostgresBin()) {
    log('PostgreSQL is not installed (apt-get install -y postgresql): its column is skipped');
    return results;
  }
  const cluster = await startPostgresCluster();
  try {
    log(`PostgreSQL ${cluster.major}`);
    const postgres = await startLocalBackend({ databaseUrl: await cluster.createDatabase('lumen_bench') });
    try {
      Object.assign(results, figures('Postgres', await measure(postgres), log));
    } finally {
      await postgres.close();
    }
  } finally {
    cluster.stop();
  }
  return results;
}
