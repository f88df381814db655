import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { measureBundle } from './bundle-size.ts';
import { runCartPaintBench } from './cart-paint.ts';
import { runCatalogSearchBench } from './catalog-search.ts';
import { runEngineThroughputBench } from './engine-throughput.ts';
import { runLighthouseBench } from './lighthouse-audit.ts';
import { runRealtimeBench } from './realtime-latency.ts';
import { runServerOverheadBench } from './server-overhead.ts';
import { runStartupBench } from './startup-time.ts';
import { runStorageBench } from './storage-throughput.ts';

/**
 * `npm run bench [-- --only bundle,server,engines,startup,storage,realtime,search,cart,lighthouse]`: prints every figure next to
 * its budget from bench/budgets.json. Figures are printed, never asserted by tests: these
 * machines are shared and noisy, so read a MISSED verdict together with the machine's load.
 */
interface Budget {
  budget: number;
  unit: string;
  better: 'lower' | 'higher';
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgets = JSON.parse(await readFile(path.join(rootDir, 'bench', 'budgets.json'), 'utf8')) as Record<string, Budget>;
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const SUITES = {
  bundle: async () => {
    ensureBuild(rootDir);
    return measureBundle(path.join(rootDir, 'dist'));
  },
  server: runServerOverheadBench,
  engines: () => runEngineThroughputBench((line) => console.log(`  ${line}`)),
  startup: runStartupBench,
  storage: runStorageBench,
  realtime: () => runRealtimeBench((line) => console.log(`  ${line}`)),
  search: () => runCatalogSearchBench((line) => console.log(`  ${line}`)),
  lighthouse: async () => {
    ensureBuild(rootDir);
    return runLighthouseBench((line) => console.log(`  ${line}`));
  },
  cart: async () => {
    ensureBuild(rootDir);
    return runCartPaintBench((line) => console.log(`  ${line}`));
  },
} satisfies Record<string, () => Promise<Record<string, number>>>;

const selected = values.only ? values.only.split(',').map((name) => name.trim()) : Object.keys(SUITES);
const figures: Record<string, number> = {};
for (const name of selected) {
  const suite = SUITES[name as keyof typeof SUITES];
  if (!suite) {
    console.error(`Unknown suite "${name}". Choose from: ${Object.keys(SUITES).join(', ')}`);
    process.exit(1);
  }
  console.log(`bench: ${name}…`);
  Object.assign(figures, await suite());
}

let missed = 0;
let met = 0;
console.log(`\n${'figure'.padEnd(32)}${'value'.padStart(14)}${'budget'.padStart(14)}  verdict`);
for (const [name, value] of Object.entries(figures)) {
  const budget = budgets[name];
  const shown = `${value}${budget ? ` ${budget.unit}` : ''}`;
  if (!budget) {
    console.log(`${name.padEnd(32)}${shown.padStart(14)}${'—'.padStart(14)}  (no budget)`);
    continue;
  }
  const ok = budget.better === 'lower' ? value <= budget.budget : value >= budget.budget;
  if (ok) met++;
  else missed++;
  console.log(`${name.padEnd(32)}${shown.padStart(14)}${`${budget.budget} ${budget.unit}`.padStart(14)}  ${ok ? 'met' : 'MISSED'}`);
}
console.log(`\nbench: ${met} budgets met, ${missed} missed, ${Object.keys(figures).length} figures`);
