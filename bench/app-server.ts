import { spawn } from 'node:child_process';
import { ROOT_DIR } from './local-backend.ts';

export interface AppServer {
  url: string;
  /** Seconds from spawning `scripts/start.ts` to its first answered API request. */
  readySeconds: number;
  stop(): Promise<void>;
}

/** Starts `npm start`'s server (built app + every API, seeded on a fresh data dir) and waits for it. */
export async function startAppServer(port: number, dataDir: string): Promise<AppServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--port', String(port), '--data-dir', dataDir], {
    cwd: ROOT_DIR,
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`scripts/start.ts exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/rest/v1/categories?select=id&limit=1`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return { url, readySeconds: (performance.now() - started) / 1000, stop };
      if (performance.now() - started > 180_000) throw new Error('server did not answer within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
