import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db/database.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './db/data-dir-lock.ts';
import { openDatabase } from './db/open-database.ts';
import { DEV_SERVICE_ROLE_KEY } from './gateway/keys.ts';
import { dirListing } from './testing/dir-listing.ts';
import { freePort, startChildServer, type ChildServer } from './testing/child-server.ts';

/**
 * `server/main.ts` as a real process: one server per data directory, and a start that cannot serve
 * (directory in use, port busy) stops before it reads or writes the data directory.
 */

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A project with a `categories` table, which startChildServer asks for to know the server is up. */
const PROJECT_DIR = path.join(ROOT_DIR, 'server', 'rest', 'testing', 'fixture-project');
const temps: string[] = [];
const servers: ChildServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-main-'));
  temps.push(dir);
  return dir;
}

/** Runs main.ts expecting it to stop on its own; killed after 60 s so a start that serves instead cannot hang the test. */
async function runToExit(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--project', PROJECT_DIR, ...args], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

async function categories(server: ChildServer): Promise<unknown> {
  const response = await fetch(`${server.url}/rest/v1/categories?select=id,name&order=id`, {
    headers: { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe('one server per data directory', () => {
  it('a second server is refused, naming the directory and the first one’s pid; the first keeps serving; a later start works', async () => {
    const dataDir = await tempDir();
    const first = await startChildServer({ port: await freePort(), dataDir, projectDir: PROJECT_DIR });
    servers.push(first);
    const insert = await fetch(`${first.url}/rest/v1/categories`, {
      method: 'POST',
      headers: { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ id: 1, name: 'kept' }]),
    });
    expect(insert.status).toBe(201);

    const second = await runToExit(['--data-dir', dataDir, '--port', String(await freePort())]);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Start-up failed: data directory ${dataDir} is in use by another server, process ${first.pid}`);
    expect(second.output).not.toContain('is running at');
    expect(await categories(first)).toEqual([{ id: 1, name: 'kept' }]);

    await first.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const later = await startChildServer({ port: await freePort(), dataDir, projectDir: PROJECT_DIR });
    servers.push(later);
    expect(await categories(later)).toEqual([{ id: 1, name: 'kept' }]);
    await later.stop();
  }, 180_000);

  it('a refused start leaves the directory byte for byte as it was', async () => {
    const dataDir = await tempDir();
    let holder: Database | null = await openDatabase({ dataDir });
    try {
      const before = await dirListing(dataDir);
      for (const extra of [[], ['--reset']]) {
        const refused = await runToExit(['--data-dir', dataDir, '--port', String(await freePort()), ...extra]);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`data directory ${dataDir} is in use by another server, process ${process.pid}`);
        expect(await dirListing(dataDir)).toEqual(before);
      }
      await holder.close();
      holder = null;
    } finally {
      await holder?.close();
    }
  }, 120_000);
});

describe('a busy port', () => {
  it('stops the start before the data directory is created', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const address = busy.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const dataDir = path.join(await tempDir(), 'data');
    try {
      const refused = await runToExit(['--data-dir', dataDir, '--port', String(address.port)]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`Port ${address.port} is already in use`);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  }, 120_000);
});
