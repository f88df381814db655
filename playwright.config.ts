import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './scripts/system-packages.ts';

const PORT = Number(process.env.E2E_PORT ?? 54329);
export const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // One retry on CI absorbs a shared machine's hiccups; flaky passes are reported by npm test.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous ceilings, not speed checks: two Chromiums, the server and Playwright share two cores, and a
  // page's main thread can starve for seconds (traces of failures show no request pending, only a
  // page still running its scripts). A passing test takes no longer for them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright-artifacts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: ['store-admin.spec.ts', 'product-drafts.spec.ts', 'back-office.spec.ts'] },
    // Staff add items and products to the catalog the other specs count ("240 items"): after them, not beside them.
    { name: 'store-admin', use: { ...devices['Desktop Chrome'] }, testMatch: ['store-admin.spec.ts', 'product-drafts.spec.ts', 'back-office.spec.ts'], dependencies: ['chromium'] },
  ],
  webServer: {
    // A fresh database per run, seeded with the deterministic demo catalog the specs rely on.
    command: `node --import tsx scripts/start.ts --no-build --port ${PORT} --data-dir .data/e2e-${PORT} --reset`,
    // Every spec signs in from 127.0.0.1: with GoTrue's per-IP buckets (30 at once, then one per 2 s)
    // a fast machine ran out mid-suite and a sign-in got 429. Off, as the Supabase CLI's stack has
    // them; the limits themselves are tested in server/auth/rate-limit.test.ts.
    env: { ...process.env, LUMEN_RATE_LIMITS: 'off' },
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
