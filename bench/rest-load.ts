import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadAnswer, LoadCommand, LoadPhase, LoadTarget, PhaseResult } from './rest-load-worker.ts';

export type { LoadPhase, LoadTarget, PhaseResult, ScenarioName } from './rest-load-worker.ts';

/** A load generator in a process of its own (rest-load-worker.ts), kept for every phase of a run. */
export interface RestLoad {
  run(phase: LoadPhase): Promise<PhaseResult>;
  close(): Promise<void>;
}

/** Starts rest-load-worker.ts in a child process (TypeScript through tsx); resolves once its scenarios are captured. */
export async function openRestLoad(target: LoadTarget): Promise<RestLoad> {
  const child = fork(fileURLToPath(new URL('./rest-load-worker.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  let failure: Error | null = null;
  let waiting: { resolve: (answer: LoadAnswer) => void; reject: (error: Error) => void } | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(error);
    waiting = null;
  };
  child.on('message', (answer: LoadAnswer) => {
    waiting?.resolve(answer);
    waiting = null;
  });
  child.on('error', fail);
  child.on('exit', (code, signal) => fail(new Error(`the REST load process exited (${signal ?? code})`)));
  const send = (command: LoadCommand) => child.send(command);
  const next = async (kind: LoadAnswer['kind']): Promise<LoadAnswer> => {
    const answer = await new Promise<LoadAnswer>((resolve, reject) => {
      if (failure) reject(failure);
      else waiting = { resolve, reject };
    });
    if (answer.kind === 'error') throw new Error(`REST load: ${answer.message}`);
    if (answer.kind !== kind) throw new Error(`REST load: expected ${kind}, got ${answer.kind}`);
    return answer;
  };
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill();
    await exited;
  };
  try {
    const ready = next('ready');
    send({ kind: 'target', target });
    await ready;
  } catch (error) {
    await close();
    throw error;
  }
  return {
    async run(phase) {
      const answered = next('result');
      send({ kind: 'phase', phase });
      const answer = await answered;
      if (answer.kind !== 'result') throw new Error(`REST load: expected a result, got ${answer.kind}`);
      return answer.result;
    },
    close,
  };
}
