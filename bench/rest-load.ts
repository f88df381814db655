import { Worker } from 'node:worker_threads';
import type { LoadAnswer, LoadPhase, LoadTarget, PhaseResult } from './rest-load-worker.ts';

export type { LoadPhase, LoadTarget, PhaseResult, ScenarioName } from './rest-load-worker.ts';

/** A load generator in a worker thread (rest-load-worker.ts), kept for every phase of a run. */
export interface RestLoad {
  run(phase: LoadPhase): Promise<PhaseResult>;
  close(): Promise<void>;
}

/** Starts rest-load-worker.ts in a worker thread (TypeScript through tsx, registered in the worker); resolves once its scenarios are captured. */
export async function openRestLoad(target: LoadTarget): Promise<RestLoad> {
  const file = new URL('./rest-load-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: target });
  let failure: Error | null = null;
  let waiting: { resolve: (answer: LoadAnswer) => void; reject: (error: Error) => void } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(error);
    waiting = null;
  };
  worker.on('message', (answer: LoadAnswer) => {
    waiting?.resolve(answer);
    waiting = null;
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the REST load worker exited with ${code}`)));
  const next = () =>
    new Promise<LoadAnswer>((resolve, reject) => {
      if (failure) reject(failure);
      else waiting = { resolve, reject };
    });
  const expect = async (kind: 'ready' | 'result'): Promise<LoadAnswer> => {
    const answer = await next();
    if (answer.kind === 'error') throw new Error(`REST load: ${answer.message}`);
    if (answer.kind !== kind) throw new Error(`REST load: expected ${kind}, got ${answer.kind}`);
    return answer;
  };
  try {
    await expect('ready');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    async run(phase) {
      const answered = expect('result');
      worker.postMessage(phase);
      const answer = await answered;
      if (answer.kind !== 'result') throw new Error('unreachable');
      return answer.result;
    },
    async close() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
