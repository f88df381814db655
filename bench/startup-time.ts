import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from './local-backend.ts';
import { round } from './stats.ts';

async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build', '--port', String(port), '--data-dir', dataDir], {
    cwd: ROOT_DIR,
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server/main.ts exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/rest/v1/categories?select=id&limit=1`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return round((performance.now() - started) / 1000, 2);
      if (performance.now() - started > 180_000) throw new Error('server did not answer within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/** Seconds from `node server/main.ts` to the first answered API request: fresh data dir, then again. */
export async function runStartupBench(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-start-'));
  try {
    const coldStartSeconds = await timeStart(dataDir, 54398);
    const warmStartSeconds = await timeStart(dataDir, 54398);
    return { coldStartSeconds, warmStartSeconds };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
