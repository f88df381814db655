import { describe, expect, it } from 'vitest';
import { FuzzySet } from './fuzzy-set.ts';

// The examples PostgREST documents for its hints (Error.hs, noRpcHint and noRelBetweenHint), which
// its fuzzy set must reproduce for the hints to name what PostgREST names.
const paramList = (names: string[]): string => `(${[...names].sort().join(', ')})`;

describe('FuzzySet', () => {
  it('suggests a close function name, none for a distant one; "another" for "other" scores below 0.75', () => {
    const names = new FuzzySet(['test', 'another']);
    expect(names.getOne('testt')).toBe('test');
    expect(names.getOne('noclosealternative')).toBeUndefined();
    expect(names.getOne('other')).toBe('another');
    expect(names.getOne('other', 0.75)).toBeUndefined();
  });

  it('suggests the closest parameter list', () => {
    const lists = new FuzzySet([paramList(['val', 'param', 'name']), paramList(['id', 'attr'])]);
    expect(lists.getOne(paramList(['vall', 'pqaram', 'nam']))).toBe('(name, param, val)');
    expect(lists.getOne(paramList(['val', 'param']))).toBe('(name, param, val)');
    expect(lists.getOne(paramList(['id', 'attrs']))).toBe('(attr, id)');
    expect(lists.getOne(paramList(['id']))).toBe('(attr, id)');
    expect(lists.getOne(paramList(['noclosealternative']))).toBeUndefined();
  });

  it('matches case-insensitively, an exact match scoring 1, and keeps the entry as added', () => {
    const tables = new FuzzySet(['Films', 'directors', 'roles', 'actors']);
    expect(tables.get('films')).toEqual([{ score: 1, entry: 'Films' }]);
    expect(tables.getOne('film')).toBe('Films');
    expect(tables.getOne('role')).toBe('roles');
  });
});
