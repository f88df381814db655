import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensurePostgres } from './system-packages.ts';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm test`: every runner (Vitest: unit, database and server tests; the conformance suite and the
 * REST spec tests again on Debian's PostgreSQL through the --db-url backend; Playwright: end-to-end
 * in Debian's Chromium), then one closing line `N passed, M failed` summed over all of them.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(rootDir, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

interface RunnerResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
  crashed: boolean;
}

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * What runs a second time on a real PostgreSQL (LUMEN_TEST_DB=postgres: each test backend on a fresh
 * database of a throwaway cluster): the deployment conformance suite and the REST spec tests (ours
 * and PostgREST's own, replayed), the suites that speak the protocols end to end, and the back
 * office's database tests.
 */
const POSTGRES_SUITES = [
  '--project',
  'conformance',
  '--project',
  'server',
  'supabase/conformance/',
  'server/rest/',
  'server/conformance/',
  // Writes that cross on one row: real PostgreSQL runs them side by side, PGlite one at a time.
  'server/storage/concurrent-writes.test.ts',
  'server/auth/recover-verify.test.ts',
  // The back office's rules, figures and mails: hosted projects run them on PostgreSQL.
  'supabase/tests/back-office',
];

function runVitest(name: string, args: string[] = [], env: Record<string, string> = {}): RunnerResult {
  const file = path.join(resultsDir, `${name}.json`);
  const status = run('npx', ['vitest', 'run', ...args, `--outputFile.json=${file}`], env);
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number }>(file);
  if (!report) return { name, passed: 0, failed: 1, skipped: 0, flaky: 0, crashed: true };
  // A suite that fails to load has no failed tests of its own; count it so it cannot hide.
  const failed = report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  return {
    name,
    passed: report.numPassedTests,
    failed: failed + (status !== 0 && failed === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    flaky: 0,
    crashed: status !== 0 && failed === 0,
  };
}

function runPlaywright(): RunnerResult {
  const file = path.join(resultsDir, 'playwright.json');
  const status = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[] }>(file);
  if (!report) return { name: 'playwright', passed: 0, failed: 1, skipped: 0, flaky: 0, crashed: true };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const globalErrors = report.errors?.length ?? 0;
  const failed = unexpected + globalErrors;
  return {
    name: 'playwright',
    passed: expected + flaky,
    failed: failed + (status !== 0 && failed === 0 ? 1 : 0),
    skipped,
    flaky,
    crashed: status !== 0 && failed === 0,
  };
}

ensureChromium();
ensurePostgres();
ensureBuild(rootDir);
if (!existsSync(path.join(rootDir, 'dist', 'index.html'))) throw new Error('build missing');

const results = [runVitest('vitest'), runVitest('vitest-postgres', POSTGRES_SUITES, { LUMEN_TEST_DB: 'postgres' }), runPlaywright()];

console.log('\nSummary');
for (const r of results) {
  const extras = [r.skipped ? `${r.skipped} skipped` : '', r.flaky ? `${r.flaky} flaky (passed on retry)` : '', r.crashed ? 'runner exited with an error' : '']
    .filter(Boolean)
    .join(', ');
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed${extras ? ` (${extras})` : ''}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
