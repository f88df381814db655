import { parseArgs } from 'node:util';
import { createNodeSupabaseClient, DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { seedCatalog } from '../supabase/seed/seed-catalog.ts';

/**
 * `npm run seed -- --items N`: seeds the demo catalog into a running backend — the local one by
 * default, or a hosted project with --url and --service-key (or SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY). The service key never leaves this process.
 */
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '240' },
    url: { type: 'string' },
    'service-key': { type: 'string' },
    'no-images': { type: 'boolean', default: false },
  },
});

const items = Number(values.items);
if (!Number.isInteger(items) || items < 1 || items > 1_000_000) {
  console.error(`--items must be a whole number between 1 and 1000000 (got "${values.items}")`);
  process.exit(1);
}
const url = values.url ?? process.env.SUPABASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 54321}`;
const serviceKey = values['service-key'] ?? process.env.SUPABASE_SERVICE_ROLE_KEY ?? DEV_SERVICE_ROLE_KEY;

const client = createNodeSupabaseClient(url, serviceKey);

const started = performance.now();
try {
  const summary = await seedCatalog(client, {
    items,
    images: !values['no-images'],
    onProgress: (message) => console.log(`seed: ${message}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seed: ${summary.categories} categories, ${summary.products} products, ${summary.items} items, ${summary.images} images into ${url} in ${seconds} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(`Is the backend running at ${url}? Start it with npm start, or pass --url and --service-key.`);
  process.exit(1);
}
