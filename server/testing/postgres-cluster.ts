import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PLATFORM_EXTENSIONS_DIR } from '../db/platform-extensions.ts';

/** The newest Debian PostgreSQL installed (`/usr/lib/postgresql/<major>/bin`), or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The platform's pg_net, pg_cron and Vault are SQL emulations (server/db/extensions); PostgreSQL
 * finds extensions only in its share directory, so they are copied there (as root, which is how
 * `npm test` installs PostgreSQL in the first place). Debian packages none of the three.
 */
function installPlatformExtensions(bin: string): void {
  const shareDir = execFileSync(path.join(bin, 'pg_config'), ['--sharedir'], { encoding: 'utf8' }).trim();
  const target = path.join(shareDir, 'extension');
  for (const name of readdirSync(PLATFORM_EXTENSIONS_DIR)) {
    const destination = path.join(target, name);
    const source = path.join(PLATFORM_EXTENSIONS_DIR, name);
    if (existsSync(destination) && readFileSync(destination).equals(readFileSync(source))) continue;
    try {
      copyFileSync(source, destination);
    } catch (error) {
      throw new Error(`Copying ${name} into ${target} failed (run the tests as root, or copy server/db/extensions/* there): ${String(error)}`);
    }
  }
}

export interface PostgresCluster {
  /** The cluster's `postgres` database as its superuser `postgres` (no password: trust on loopback). */
  url: string;
  major: string;
  /** Creates an empty database and returns its URL (same superuser). */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Creates database `name` on the server `url` names (any database of it), as that URL's user. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  return databaseUrl(url, name);
}

/** Drops database `name` on the server `url` names, ending its sessions first. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/** A shell word, quoted. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * Stops the cluster and removes its files once process `pid` has gone, however it went: a test
 * runner ends its workers without running their exit handlers, and a cluster left behind keeps a
 * postmaster and its files for good. A detached shell polls for the process once a second (it runs
 * as this user, who may signal `pid`; pg_ctl runs as the cluster's owner).
 */
function reapWhenGone(pid: number, pgCtl: string[], dataDir: string): void {
  const stop = [...pgCtl, '-D', dataDir, '-m', 'immediate', 'stop'].map(shellQuote).join(' ');
  const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; if [ -f ${shellQuote(path.join(dataDir, 'postmaster.pid'))} ]; then ${stop} >/dev/null 2>&1; fi; rm -rf ${shellQuote(dataDir)}`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * A throwaway multi-connection PostgreSQL on loopback (Debian's package), for what PGlite's
 * single connection cannot show: concurrent transactions, the backend on a real server
 * (`--db-url`), and that migrations apply on the major versions hosted Supabase runs. PostgreSQL
 * refuses to run as root, so as root the cluster belongs to the `postgres` system user. It is
 * stopped by `stop()`, or at the latest once this process has gone.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (npm test does this as root).');
  installPlatformExtensions(bin);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumen-pg-'));
  const isRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (isRoot) chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // A backend holds about a dozen connections (its pool, the session that locks the database and
  // listens, transactions); 200 leaves room for several backends and a test's own clients.
  run('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dataDir, 'server.log'), '-o', `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  reapWhenGone(process.pid, isRoot ? ['runuser', '-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : [path.join(bin, 'pg_ctl')], dataDir);
  return {
    url,
    major: path.basename(path.dirname(bin)),
    createDatabase: (name) => createDatabase(url, name),
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
