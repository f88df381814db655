import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAppServer } from './app-server.ts';
import { round } from './stats.ts';

async function timeStart(dataDir: string, port: number): Promise<number> {
  const server = await startAppServer(port, dataDir);
  await server.stop();
  return round(server.readySeconds, 2);
}

/** Seconds from `node scripts/start.ts` to the first answered API request: fresh data dir, then again. */
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
