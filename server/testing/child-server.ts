import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ChildServer {
  url: string;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<number | null>;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM (graceful: main.ts closes PGlite) and wait for the exit. */
  stop(): Promise<void>;
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port was assigned');
  return address.port;
}

/**
 * Spawns the server as a real child process (its own PGlite on `dataDir`) and waits until the REST
 * API answers — like bench/app-server.ts, but exposing the pid and the exit so fault tests can
 * SIGKILL it, and keeping the output for diagnostics. `entry` is the script and its own flags:
 * `server/main.ts` (any project) unless a project's composition root is named.
 */
export async function startChildServer(options: {
  port: number;
  dataDir: string;
  projectDir?: string;
  timeoutMs?: number;
  entry?: string[];
}): Promise<ChildServer> {
  const project = options.projectDir ? ['--project', options.projectDir] : [];
  const entry = options.entry ?? ['server/main.ts'];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', ...entry, '--port', String(options.port), '--data-dir', options.dataDir, ...project],
    { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  if (pid === undefined) throw new Error(`${entry[0]} could not be spawned`);

  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  // A cold start of Lumen migrates and seeds 1,190 pictures: about 20 s alone on two cores, past
  // 120 s once under a full test run's load.
  const timeoutMs = options.timeoutMs ?? 240_000;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${entry[0]} exited (${child.exitCode ?? child.signalCode}) before answering:\n${log}`);
      }
      const ok = await fetch(`${url}/rest/v1/categories?select=id&limit=1`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return { url, pid, exited, output: () => log, stop };
      if (performance.now() - started > timeoutMs) throw new Error(`${entry[0]} did not answer within ${timeoutMs} ms:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
