import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth.ts';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, at any depth, without recursing', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('['.repeat(1_000_000), 512)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[{{{"\\' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\"${'['.repeat(10)}"]`, 1)).toBe(false);
  });
});
