import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Backend, BackendData } from '../start-backend.ts';
import { dropDatabase, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

/**
 * Which database the test backends run on: PGlite in memory (the default), or with
 * `LUMEN_TEST_DB=postgres` a real PostgreSQL — a throwaway cluster started once per test process
 * (postgres-cluster.ts; Debian's package, platform extensions copied into it) with a fresh database
 * per backend, dropped when it closes. The same suites then show what differs on a real server
 * (many connections, real statement timeouts) without a line of the tests changing.
 */
export const TEST_DB_ENV = 'LUMEN_TEST_DB';

export function testsUsePostgres(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[TEST_DB_ENV]?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'pglite') return false;
  if (value === 'postgres') return true;
  throw new Error(`${TEST_DB_ENV} must be "pglite" (the default) or "postgres", not "${value}"`);
}

let cluster: Promise<PostgresCluster> | null = null;

/** This process's throwaway PostgreSQL, started on first use and stopped once the process has gone. */
export function testCluster(): Promise<PostgresCluster> {
  cluster ??= startPostgresCluster();
  return cluster;
}

export interface TestData {
  data: BackendData;
  /** Removes what `data` made (the database and its storage folder); nothing for memory. */
  dispose(): Promise<void>;
}

/** Where one test backend keeps its data, per LUMEN_TEST_DB. */
export async function testBackendData(): Promise<TestData> {
  if (!testsUsePostgres()) return { data: { memory: true }, dispose: async () => undefined };
  const server = await testCluster();
  const name = `lumen_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await server.createDatabase(name);
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-test-storage-'));
  return {
    data: { databaseUrl, dir },
    async dispose() {
      await dropDatabase(server.url, name);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `start` on the test data, which is disposed of once the backend closes (or fails to start). */
export async function withTestData(start: (data: BackendData) => Promise<Backend>): Promise<Backend> {
  const { data, dispose } = await testBackendData();
  let backend: Backend;
  try {
    backend = await start(data);
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    ...backend,
    close: () =>
      (closing ??= (async () => {
        try {
          await backend.close();
        } finally {
          await dispose();
        }
      })()),
  };
}
