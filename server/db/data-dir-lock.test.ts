import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, type LockRecord } from './data-dir-lock.ts';
import { dirListing } from '../testing/dir-listing.ts';
import { openDatabase } from './open-database.ts';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOCK_MODULE = path.join(ROOT_DIR, 'server', 'db', 'data-dir-lock.ts');
const temps: string[] = [];

afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-lock-'));
  temps.push(dir);
  return dir;
}

/** Runs `code` (an ES module body) in a child `node --import tsx`; resolves with its exit code (or signal) and output. */
function runChild(code: string, options: { until?: string } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const seen = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (options.until !== undefined && output.includes(options.until)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  void exited.then(() => clearTimeout(timer));
  return { child, seen, exited, output: () => output };
}

async function lockRecord(dataDir: string): Promise<LockRecord> {
  return JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as LockRecord;
}

describe('a persisted database is opened by one process at a time', () => {
  let dataDir: string;
  let first: Database;

  it('refuses a second open in the same process, naming the directory and the pid, and touches nothing', async () => {
    dataDir = await tempDir();
    first = await openDatabase({ dataDir });
    await first.exec('create table public.kept (n int); insert into public.kept values (1), (2);');
    const before = await dirListing(dataDir);

    const error = await openDatabase({ dataDir }).then(
      (db) => db.close().then(() => null),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(String((error as Error).message)).toContain(dataDir);
    expect(String((error as Error).message)).toContain(`pid ${process.pid}`);
    expect(await dirListing(dataDir)).toEqual(before);
    // --reset on a held directory deletes nothing either.
    await expect(openDatabase({ dataDir, reset: true })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await dirListing(dataDir)).toEqual(before);
    expect((await first.query('select n from public.kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
  }, 60_000);

  it('refuses an open from another process with a non-zero exit, and touches nothing', async () => {
    const before = await dirListing(dataDir);
    const run = runChild(`
      const { openDatabase } = await import(${JSON.stringify(path.join(ROOT_DIR, 'server', 'db', 'open-database.ts'))});
      try {
        const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
        await db.close();
        console.log('opened');
      } catch (error) {
        console.error(error.message);
        process.exit(3);
      }`);
    const { code } = await run.exited;
    expect(run.output()).not.toContain('opened');
    expect(code).toBe(3);
    expect(run.output()).toContain(`data directory ${dataDir} is in use by another server, process ${process.pid}`);
    expect(await dirListing(dataDir)).toEqual(before);
    expect((await first.query('select n from public.kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
  }, 60_000);

  it('opens again once the first is closed, with the rows it had', async () => {
    await first.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const again = await openDatabase({ dataDir });
    try {
      expect((await again.query('select n from public.kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await lockRecord(dataDir)).pid).toBe(process.pid);
    } finally {
      await again.close();
    }
  }, 60_000);
});

describe('stale locks', () => {
  it('takes over the lock of a process that was SIGKILLed', async () => {
    const dataDir = await tempDir();
    const run = runChild(
      `
      const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
      await lockDataDir(${JSON.stringify(dataDir)});
      console.log('locked');
      setInterval(() => undefined, 1000);`,
      { until: 'locked' },
    );
    await run.seen;
    const pid = run.child.pid;
    expect((await lockRecord(dataDir)).pid).toBe(pid);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`process ${pid}`);

    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    const lock = await lockDataDir(dataDir);
    try {
      expect((await lockRecord(dataDir)).pid).toBe(process.pid);
      expect((await readdir(dataDir)).sort()).toEqual([LOCK_FILE_NAME]);
    } finally {
      await lock.release();
    }
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);

  it('takes over a lock whose pid now belongs to a process that started at another time', async () => {
    const dataDir = await tempDir();
    // This test's own pid is alive; the lock says it started elsewhen, as after a reboot or in a new container.
    const reused: LockRecord = { pid: process.pid, host: hostname(), started: 'another-boot/1', token: '00000000-0000-4000-8000-000000000000', since: '2020-01-01T00:00:00.000Z' };
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(reused));
    const lock = await lockDataDir(dataDir);
    try {
      expect((await lockRecord(dataDir)).token).not.toBe(reused.token);
    } finally {
      await lock.release();
    }
  });

  it('of all the starts racing for a stale lock, exactly one wins', async () => {
    const dataDir = await tempDir();
    const dead: LockRecord = { pid: process.pid, host: hostname(), started: 'another-boot/1', token: '11111111-1111-4111-8111-111111111111', since: '2020-01-01T00:00:00.000Z' };
    for (const stale of [true, false]) {
      if (stale) await writeFile(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(dead));
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dataDir)));
      const won = results.filter((result) => result.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DataDirLockedError);
      // No takeover or temporary file is left behind.
      expect((await readdir(dataDir)).sort()).toEqual([LOCK_FILE_NAME]);
      await won[0].value.release();
    }
  });

  it('is not blocked by a start that died while taking a stale lock over', async () => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, LOCK_FILE_NAME);
    const stale: LockRecord = { pid: process.pid, host: hostname(), started: 'another-boot/1', token: '33333333-3333-4333-8333-333333333333', since: '2020-01-01T00:00:00.000Z' };
    const diedTakingOver: LockRecord = { ...stale, started: 'another-boot/2', token: '44444444-4444-4444-8444-444444444444' };
    await writeFile(file, JSON.stringify(stale));
    await writeFile(`${file}.takeover-${stale.token}`, JSON.stringify(diedTakingOver));
    const lock = await lockDataDir(dataDir);
    expect((await readdir(dataDir)).sort()).toEqual([LOCK_FILE_NAME]);
    await lock.release();
  });

  it('never takes over a lock held on another host, and says how to clear it', async () => {
    const dataDir = await tempDir();
    const remote: LockRecord = { pid: 4242, host: `not-${hostname()}`, started: null, token: '22222222-2222-4222-8222-222222222222', since: '2020-01-01T00:00:00.000Z' };
    const file = path.join(dataDir, LOCK_FILE_NAME);
    await writeFile(file, JSON.stringify(remote));
    await expect(lockDataDir(dataDir)).rejects.toThrow(`locked by process 4242 on host not-${hostname()}`);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`delete ${file}`);
    await writeFile(file, 'garbage');
    await expect(lockDataDir(dataDir)).rejects.toThrow('cannot be read');
    expect(await readFile(file, 'utf8')).toBe('garbage');
  });

  it('creates the data directory it locks', async () => {
    const dataDir = path.join(await tempDir(), 'nested', 'data');
    const lock = await lockDataDir(dataDir);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    await lock.release();
    await lock.release();
    expect(await readdir(dataDir)).toEqual([]);
  });
});
