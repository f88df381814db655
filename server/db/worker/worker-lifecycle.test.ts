import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { DataDirLockedError } from '../data-dir-lock.ts';
import { openDatabase, openPGlite } from '../open-database.ts';
import { DATABASE_CLOSED, DATABASE_RESTARTED, DATABASE_UNAVAILABLE, openWorkerDatabase } from './worker-database.ts';

/** The worker's life: a hung statement, close and the data-dir lock, a failed start, the main thread meanwhile. */

const TEST_TIMEOUT_MS = 180_000;
const temps: string[] = [];
const opened: Database[] = [];

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close().catch(() => undefined)));
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-db-worker-'));
  temps.push(dir);
  return dir;
}

function track<T extends Database>(db: T): T {
  opened.push(db);
  return db;
}

/** The longest wait between turns of this thread's event loop while `run` runs (chained setTimeout 0). */
async function worstTimerWait(run: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  let running = true;
  const ticking = new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
      if (running) setTimeout(tick, 0);
      else resolve();
    };
    setTimeout(tick, 0);
  });
  try {
    await run();
  } finally {
    running = false;
    await ticking;
  }
  return worst;
}

describe('PGlite in a worker thread', () => {
  it(
    'leaves the main thread free while a statement runs for seconds',
    async () => {
      const db = track(await openWorkerDatabase({ pgdata: null }));
      // pg_sleep busy-waits inside WebAssembly: on the main thread nothing else would run for 2 s.
      const worst = await worstTimerWait(() => db.query('select pg_sleep(2)'));
      expect(worst).toBeLessThan(500);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops a hung statement, fails the calls in flight, and reopens the data dir with committed data intact',
    async () => {
      const dir = await tempDir();
      const db = track(await openWorkerDatabase({ pgdata: path.join(dir, 'pgdata'), statementLimitMs: 2_000, restartWaitMs: 120_000 }));
      await db.exec('create table public.kept (n int); insert into public.kept values (1), (2);');
      const notified: string[] = [];
      await db.listen('after_restart', (payload) => notified.push(payload));

      const hung = db
        .transaction(async (tx) => {
          await tx.query('insert into public.kept values (3)');
          await tx.query('select pg_sleep(600)');
        })
        .catch((caught: unknown) => caught);
      // Queued behind the hung transaction in the worker.
      const queued = db.query('select 1').catch((caught: unknown) => caught);

      const hungError = await hung;
      expect(hungError).toBeInstanceOf(Error);
      expect(hungError).toMatchObject({ code: DATABASE_RESTARTED, message: expect.stringContaining('the database is being reopened') });
      expect(await queued).toMatchObject({ code: DATABASE_RESTARTED });
      expect(db.closed).toBe(false);

      // Calls made meanwhile wait for the reopen; the hung transaction's insert is gone, earlier commits stay.
      expect((await db.query('select n from public.kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      await db.exec(`notify after_restart, 'still listening'`);
      expect(notified).toEqual(['still listening']);
      await db.close();
      expect(db.closed).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails calls that wait longer than restartWaitMs for the reopen, and close() waits for the reopen to end',
    async () => {
      const dir = await tempDir();
      const db = track(await openWorkerDatabase({ pgdata: path.join(dir, 'pgdata'), statementLimitMs: 2_000, restartWaitMs: 50 }));
      await db.exec('create table public.kept (n int); insert into public.kept values (1);');
      expect(await db.query('select pg_sleep(600)').catch((caught: unknown) => caught)).toMatchObject({ code: DATABASE_RESTARTED });
      // Reopening takes a new thread and a PGlite start: far more than 50 ms.
      const waited = await db.query('select 1').catch((caught: unknown) => caught);
      expect(waited).toBeInstanceOf(Error);
      expect(waited).toMatchObject({ code: DATABASE_UNAVAILABLE, message: expect.stringContaining('not back within 50 ms') });
      await db.close();
      const again = track(await openDatabase({ dataDir: dir }));
      expect((await again.query('select n from public.kept')).rows).toEqual([{ n: 1 }]);
      await again.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'closes an in-memory database for good when a statement hangs, since nothing could reopen it',
    async () => {
      const db = track(await openWorkerDatabase({ pgdata: null, statementLimitMs: 2_000 }));
      await db.exec('create table public.lost (n int)');
      expect(await db.query('select pg_sleep(600)').catch((caught: unknown) => caught)).toMatchObject({
        code: DATABASE_RESTARTED,
        message: expect.stringContaining('in-memory database is lost'),
      });
      const later = await db.query('select 1').catch((caught: unknown) => caught);
      expect(later).toBeInstanceOf(Error);
      expect(later).toMatchObject({ code: DATABASE_CLOSED, message: expect.stringContaining('cannot be reopened') });
      expect(db.closed).toBe(true);
      await db.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'holds the data-dir lock until close has let the worker exit, finishing calls already made',
    async () => {
      const dir = await tempDir();
      const db = track(await openDatabase({ dataDir: dir, thread: 'worker' }));
      expect(db.engine).toBe('pglite');
      await db.exec('create table public.kept (n int); insert into public.kept values (7);');
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);

      const inFlight = db.query<{ n: number }>('select n from public.kept');
      const closing = db.close();
      expect(db.closed).toBe(true);
      expect(db.close()).toBe(closing);
      await expect(db.query('select 1')).rejects.toMatchObject({ code: DATABASE_CLOSED });
      expect((await inFlight).rows).toEqual([{ n: 7 }]);
      await closing;

      const again = track(await openDatabase({ dataDir: dir }));
      expect((await again.query('select n from public.kept')).rows).toEqual([{ n: 7 }]);
      await again.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'still closes, running onClose, when a statement hangs while close waits for it',
    async () => {
      const closed: string[] = [];
      const db = track(await openWorkerDatabase({ pgdata: null, statementLimitMs: 2_000, onClose: async () => void closed.push('lock released') }));
      const hung = db.query('select pg_sleep(600)').catch((caught: unknown) => caught);
      await db.close();
      expect(closed).toEqual(['lock released']);
      expect(await hung).toMatchObject({ code: DATABASE_RESTARTED, message: expect.stringContaining('the database is closing') });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'rejects a failed start with the error PGlite gave, and lets go of the lock',
    async () => {
      const dir = await tempDir();
      await writeFile(path.join(dir, 'PG_VERSION'), 'not a cluster\n');
      const onThread = await openPGlite(dir).catch((caught: unknown) => caught);
      expect(onThread).toBeInstanceOf(Error);
      const inWorker = await openWorkerDatabase({ pgdata: dir }).catch((caught: unknown) => caught);
      expect(inWorker).toBeInstanceOf(Error);
      expect(inWorker).toMatchObject({ name: (onThread as Error).name, message: (onThread as Error).message });

      // A file where the pgdata directory should be: the open fails, and the lock must not stay behind.
      const dataDir = await tempDir();
      await writeFile(path.join(dataDir, 'pgdata'), '');
      const first = await openDatabase({ dataDir, thread: 'worker' }).catch((caught: unknown) => caught);
      expect(first).toBeInstanceOf(Error);
      expect(first).not.toBeInstanceOf(DataDirLockedError);
      const second = await openDatabase({ dataDir, thread: 'worker' }).catch((caught: unknown) => caught);
      expect(second).not.toBeInstanceOf(DataDirLockedError);
    },
    TEST_TIMEOUT_MS,
  );
});
