import { describe, expect, it } from 'vitest';
import { KeyedTurns } from './keyed-turns.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KeyedTurns', () => {
  it('runs work for one key one at a time, in order, and other keys beside it', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    let openFirst: () => void = () => undefined;
    const first = turns.run('a', async () => {
      log.push('a1 start');
      await new Promise<void>((resolve) => (openFirst = resolve));
      log.push('a1 end');
    });
    const second = turns.run('a', async () => {
      log.push('a2');
    });
    const other = turns.run('b', async () => {
      log.push('b1');
    });
    await other;
    await tick();
    expect(log).toEqual(['a1 start', 'b1']);
    openFirst();
    await Promise.all([first, second]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('goes on after a failure, hands the failure to its caller only, and forgets idle keys', async () => {
    const turns = new KeyedTurns();
    const failed = turns.run('a', () => Promise.reject(new Error('boom')));
    const next = turns.run('a', () => Promise.resolve(7));
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe(7);
    await tick();
    expect(turns.size).toBe(0);
  });

  it('takes several keys in one order, so crossed requests for the same keys both finish', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    const slow = (label: string) => async () => {
      log.push(`${label} start`);
      await tick();
      log.push(`${label} end`);
    };
    await Promise.all([turns.runAll(['x', 'y'], slow('xy')), turns.runAll(['y', 'x'], slow('yx')), turns.runAll(['z'], slow('z'))]);
    const xy = log.indexOf('xy end');
    const yx = log.indexOf('yx start');
    // The second waits for the first to end; the unrelated key runs between them.
    expect(xy).toBeLessThan(yx);
    expect(log).toContain('z end');
    expect(turns.size).toBe(0);
  });
});
