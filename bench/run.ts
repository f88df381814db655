import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { measureBundle } from './bundle-size.ts';

/**
 * `npm run bench`: prints every figure next to its budget from bench/budgets.json.
 * Figures are printed, never asserted by tests: these machines are shared and noisy.
 */
interface Budget {
  budget: number;
  unit: string;
  better: 'lower' | 'higher';
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const budgets = JSON.parse(await readFile(path.join(rootDir, 'bench', 'budgets.json'), 'utf8')) as Record<string, Budget>;

ensureBuild(rootDir);
console.log('Measuring the build…');
const figures: Record<string, number> = { ...(await measureBundle(path.join(rootDir, 'dist'))) };

let missed = 0;
console.log('\nfigure'.padEnd(34) + 'value'.padStart(12) + 'budget'.padStart(12) + '  verdict');
for (const [name, budget] of Object.entries(budgets)) {
  const value = figures[name];
  if (value === undefined) {
    console.log(`${name.padEnd(33)}${'—'.padStart(12)}${String(budget.budget).padStart(12)}  not measured`);
    continue;
  }
  const met = budget.better === 'lower' ? value <= budget.budget : value >= budget.budget;
  if (!met) missed++;
  console.log(`${name.padEnd(33)}${`${value} ${budget.unit}`.padStart(12)}${`${budget.budget} ${budget.unit}`.padStart(12)}  ${met ? 'met' : 'MISSED'}`);
}
console.log(`\nbench: ${Object.keys(budgets).length - missed} budgets met, ${missed} missed`);
