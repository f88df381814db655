import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSmokeCheck, type SmokeResult } from '../supabase/conformance/smoke-check.ts';
import { HOSTED_ENV, HOSTED_USAGE, readHostedTarget } from '../supabase/conformance/target.ts';

/**
 * `npm run check:hosted`: is a hosted Supabase project ready for Lumen? Runs (a) the conformance
 * suite in supabase/conformance (Vitest project "conformance": auth, REST, RLS, RPC, storage,
 * realtime, functions — with throwaway users it creates and deletes) against the project, and
 * (b) the HTTP smoke check of what the app does on a first visit, plus the hosted site's headers
 * when LUMEN_HOSTED_SITE_URL is set (else dist/_headers). Exit 0 all passed (warnings allowed),
 * 1 something failed, 2 usage.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HOSTED_USAGE);
  process.exit(0);
}

const hosted = readHostedTarget(process.env);
if (!hosted || !hosted.ok) {
  const problems = hosted ? hosted.problems : [`${HOSTED_ENV.url} is not set`];
  console.error(`check:hosted: ${problems.join('; ')}\n\n${HOSTED_USAGE}`);
  process.exit(2);
}
const { target } = hosted;

const outDir = path.join(rootDir, 'test-results', 'check-hosted');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const reportFile = path.join(outDir, 'vitest.json');
const warningsFile = path.join(outDir, 'warnings.jsonl');

console.log(`check:hosted: ${target.url}${target.siteUrl ? ` (site ${target.siteUrl})` : ''}\n`);
console.log('(a) conformance suite: npx vitest run --project conformance\n');
const vitest = spawnSync('npx', ['vitest', 'run', '--project', 'conformance', `--outputFile.json=${reportFile}`], {
  cwd: rootDir,
  stdio: 'inherit',
  env: { ...process.env, LUMEN_CONFORMANCE_WARNINGS_FILE: warningsFile },
});

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string }[] }[];
}

let report: VitestReport | null = null;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
} catch {
  report = null;
}
// A file whose setup failed (e.g. the service key is wrong) has no failed tests of its own: count it.
const brokenFiles = (report?.testResults ?? []).filter(
  (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
);
const conformance = report
  ? {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles.length + (vitest.status !== 0 && report.numFailedTests + brokenFiles.length === 0 ? 1 : 0),
      skipped: report.numPendingTests + report.numTodoTests,
    }
  : { passed: 0, failed: 1, skipped: 0 };

console.log('\n(b) smoke check (HTTP, the browser key)\n');
const smoke: SmokeResult[] = await runSmokeCheck({
  url: target.url,
  anonKey: target.anonKey,
  siteUrl: target.siteUrl,
  distDir: target.siteUrl ? null : path.join(rootDir, 'dist'),
});
const SYMBOL = { pass: '✓', warn: '⚠', fail: '✗' } as const;
for (const result of smoke) console.log(`  ${SYMBOL[result.status]} ${result.check}: ${result.detail}`);

const warnings = new Set<string>();
try {
  for (const line of readFileSync(warningsFile, 'utf8').split('\n').filter(Boolean)) warnings.add((JSON.parse(line) as { message: string }).message);
} catch {
  // No warnings were written.
}
// The suite's own smoke test already reported the smoke warnings it saw; list each once.
for (const result of smoke.filter((r) => r.status === 'warn')) warnings.add(`smoke ${result.check}: ${result.detail}`);

const count = (status: SmokeResult['status']) => smoke.filter((r) => r.status === status).length;
console.log('\nSummary');
console.log(
  `  conformance: ${conformance.passed} passed, ${conformance.failed} failed${conformance.skipped ? `, ${conformance.skipped} skipped` : ''}${report ? '' : ' (no report: the runner did not finish)'}`,
);
console.log(`  smoke: ${count('pass')} passed, ${count('fail')} failed, ${count('warn')} warnings`);
for (const file of brokenFiles) {
  console.log(`  ✗ ${path.relative(rootDir, file.name)} did not run: ${(file.message ?? 'its setup failed').split('\n')[0]}`);
}
if (warnings.size > 0) {
  console.log('  warnings:');
  for (const warning of warnings) console.log(`    - ${warning}`);
}
const passed = conformance.passed + count('pass') + count('warn');
const failed = conformance.failed + count('fail');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
