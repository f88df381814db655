import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    // PGlite opens take seconds of CPU; two cores, two files at a time.
    maxWorkers: 2,
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        resolve: { alias: { '@': src } },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup-tests.ts'],
          // Raw CSS imports (?raw) must see the real file: the token contrast test reads it.
          css: { include: [/index\.css/] },
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'supabase/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The deployment conformance suite: against the local backend (started once by its global
        // setup) in npm test, against a hosted project with LUMEN_HOSTED_URL (npm run check:hosted).
        test: {
          name: 'conformance',
          include: ['supabase/conformance/**/*.conformance.ts'],
          environment: 'node',
          pool: 'forks',
          globalSetup: ['supabase/conformance/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
