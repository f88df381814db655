import { execFile } from 'node:child_process';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, open, readFile, rm, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { z } from 'zod';

/**
 * One server per data directory, as Postgres' postmaster.pid keeps one postmaster per cluster: two
 * PGlite instances writing the same files corrupt them beyond recovery ("could not locate a valid
 * checkpoint record"), so the directory is locked before anything in it is read or written and
 * stays locked until the database is closed.
 *
 * Written by hand rather than with proper-lockfile (or npm's lockfile): those decide a lock is stale
 * by its mtime, refreshed by a timer. PGlite runs on the server's only thread, so a long migration
 * or statement holds that timer back and a second start would take a live lock; and a restart after
 * a crash would have to wait out the staleness period. Here a lock is stale only when the process it
 * names is gone: its pid is not alive, or the pid now belongs to a process that started at another
 * time (a reused pid, pid 1 in a new container).
 */

/** The lock's file in the data directory. */
export const LOCK_FILE_NAME = 'server.lock';

const lockRecordSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** What tells this process from a later one with the same pid (null: the platform cannot say). */
  started: z.string().nullable(),
  /** Names this holder in takeover files, so each stale lock is taken over by one start only. */
  token: z.string().regex(/^[0-9a-f-]{36}$/),
  since: z.string(),
});

export type LockRecord = z.infer<typeof lockRecordSchema>;

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly lockFile: string;
  /** null when the lock file cannot be read as one of ours. */
  readonly holder: LockRecord | null;

  constructor(dataDir: string, lockFile: string, holder: LockRecord | null) {
    super(lockedMessage(dataDir, lockFile, holder));
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.lockFile = lockFile;
    this.holder = holder;
  }
}

function lockedMessage(dataDir: string, lockFile: string, holder: LockRecord | null): string {
  if (holder === null) {
    return `data directory ${dataDir} has a lock file that cannot be read (${lockFile}). If no server uses this directory, delete that file and start again.`;
  }
  if (holder.host !== hostname()) {
    return (
      `data directory ${dataDir} is locked by process ${holder.pid} on host ${holder.host} (since ${holder.since}), which this machine cannot check. ` +
      `If no server uses this directory, delete ${lockFile} and start again.`
    );
  }
  const who = holder.pid === process.pid ? `this process (pid ${holder.pid})` : `another server, process ${holder.pid}`;
  return `data directory ${dataDir} is in use by ${who} since ${holder.since} (${lockFile}). Stop that server first, or give this one another data directory.`;
}

const execFileAsync = promisify(execFile);
let bootId: Promise<string> | undefined;

/**
 * When a process started, in a form that differs between two processes that had the same pid:
 * Linux's boot id and start time in clock ticks; elsewhere `ps`'s start time; null when unknown.
 */
async function processStart(pid: number): Promise<string | null> {
  if (process.platform === 'linux') {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses; the fields after its closing
      // parenthesis start at field 3, so field 22 (starttime) is the 20th of them.
      const starttime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      bootId ??= readFile('/proc/sys/kernel/random/boot_id', 'utf8').then((id) => id.trim());
      return starttime === undefined ? null : `${await bootId}/${starttime}`;
    } catch {
      return null;
    }
  }
  if (process.platform === 'win32') return null;
  try {
    const { stdout } = await execFileAsync('ps', ['-o', 'lstart=', '-p', String(pid)]);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** Whether the process a lock names still runs: 'gone' only when that is certain. */
async function holderState(holder: LockRecord): Promise<'running' | 'gone' | 'unknown'> {
  if (holder.host !== hostname()) return 'unknown';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists under another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  if (holder.started === null) return 'running';
  const started = await processStart(holder.pid);
  if (started === null) return 'running';
  return started === holder.started ? 'running' : 'gone';
}

/** The lock's record; undefined when there is no lock file; null when it is not one of ours. */
async function readRecord(file: string): Promise<LockRecord | null | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = lockRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Creates `file` with `content` unless it exists, atomically and never half-written: the content is
 * written and synced under a temporary name first, then hard-linked into place (link fails when the
 * name exists, like O_EXCL, so of two starts racing only one creates it).
 */
async function createExclusive(file: string, record: LockRecord): Promise<boolean> {
  const temp = `${file}.${record.token}.tmp`;
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(`${JSON.stringify(record)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

const RETRY_MS = 25;
/** A contender taking over a stale lock finishes within milliseconds; this bounds the wait for it. */
const MAX_ATTEMPTS = 400;

/**
 * Creates `file` for `record`; returns null once it is ours, or the record of the live holder. Only
 * a start that finds no live holder writes anything, so a refused one leaves the directory as it was.
 * A stale lock is removed only by the one start that created its takeover file
 * (`<file>.takeover-<stale token>`, itself a lock taken the same way, so a start that died while
 * taking over does not block the next), and only after checking it is still the stale one.
 */
async function acquire(file: string, record: LockRecord): Promise<LockRecord | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const holder = await readRecord(file);
    if (holder === undefined) {
      await mkdir(path.dirname(file), { recursive: true });
      if (await createExclusive(file, record)) return null;
      continue;
    }
    if (holder === null) throw new DataDirLockedError(path.dirname(file), file, null);
    if ((await holderState(holder)) !== 'gone') return holder;
    const takeover = `${file}.takeover-${holder.token}`;
    const busy = await acquire(takeover, record);
    if (busy !== null) {
      // Another start is taking this stale lock over: it will hold the directory or fail.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      continue;
    }
    try {
      if ((await readRecord(file))?.token === holder.token) await unlink(file);
    } finally {
      await rm(takeover, { force: true });
    }
  }
  throw new Error(`could not lock ${file}: it kept changing for ${MAX_ATTEMPTS} attempts`);
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly file: string;
  /** Removes the lock file if it is still this lock's; safe to call twice. */
  release(): Promise<void>;
}

/** Lock files this process holds, removed at exit if nobody released them (a start that failed and exited). */
const held = new Map<string, string>();
let exitHookInstalled = false;

function releaseSync(file: string, token: string): void {
  try {
    const record = lockRecordSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (record.success && record.data.token === token) unlinkSync(file);
  } catch {
    // Gone already, or not ours: nothing to remove.
  }
}

/**
 * Locks `dataDir` for this process, creating the directory if needed. When another live process (or
 * this one) holds it, throws DataDirLockedError naming the directory and the holder's pid, having
 * written nothing. A lock whose process is gone is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    started: await processStart(process.pid),
    token: randomUUID(),
    since: new Date().toISOString(),
  };
  const holder = await acquire(file, record);
  if (holder !== null) throw new DataDirLockedError(dir, file, holder);

  held.set(file, record.token);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const [lockFile, token] of held) releaseSync(lockFile, token);
    });
  }
  return {
    dataDir: dir,
    file,
    async release() {
      if (held.get(file) !== record.token) return;
      held.delete(file);
      if ((await readRecord(file))?.token === record.token) await unlink(file).catch(() => undefined);
    },
  };
}
