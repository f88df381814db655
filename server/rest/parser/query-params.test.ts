import { describe, expect, it } from 'vitest';
import { RestError } from '../rest-error.ts';
import { parsePrefer } from './prefer.ts';
import { parseQueryParams } from './query-params.ts';
import { parseSelect } from './select-parser.ts';
import { parseOrder } from './order-parser.ts';
import { parseLogic, parseOperation } from './filter-parser.ts';

const f = (name: string) => ({ name, json: [] });

function parseError(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('select parser', () => {
  it('parses stars, aliases, casts, JSON arrows and embeds', () => {
    expect(parseSelect('*')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('id,label:name,price::text,c:data->a->>"b c",data->0')).toEqual([
      { kind: 'column', field: f('id'), alias: undefined, cast: undefined },
      { kind: 'column', field: f('name'), alias: 'label', cast: undefined },
      { kind: 'column', field: f('price'), alias: undefined, cast: 'text' },
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b c' }] }, alias: 'c', cast: undefined },
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->', key: '0' }] }, alias: undefined, cast: undefined },
    ]);
    expect(parseSelect('author:profiles!owner_fk!inner(name,x:id)')).toEqual([
      {
        kind: 'embed',
        relation: 'profiles',
        alias: 'author',
        hint: 'owner_fk',
        inner: true,
        items: [
          { kind: 'column', field: f('name'), alias: undefined, cast: undefined },
          { kind: 'column', field: f('id'), alias: 'x', cast: undefined },
        ],
      },
    ]);
    expect(parseSelect('"weird, name"')).toEqual([{ kind: 'column', field: f('weird, name'), alias: undefined, cast: undefined }]);
  });

  it('rejects malformed or unsupported select items with PGRST100', () => {
    for (const bad of ['a,(', 'a)', 'x::int;drop', 'a b;c', '...col', 'sum()', 'a,,b', 'n:']) {
      const error = parseError(() => parseSelect(bad));
      expect(error.status).toBe(400);
      expect(error.code).toBe('PGRST100');
    }
  });
});

describe('filter parser', () => {
  it('parses operators, negation, modifiers, in-lists and fts configs', () => {
    expect(parseOperation('eq.5', f('a')).operation).toEqual({ op: 'eq', value: '5' });
    expect(parseOperation('not.like.*x*', f('a'))).toMatchObject({ negate: true, operation: { op: 'like', value: '*x*' } });
    expect(parseOperation('like(any).{a*,b}', f('a')).operation).toEqual({ op: 'like', value: '{a*,b}', quantifier: 'any' });
    expect(parseOperation('in.(1,"a,b",null,"q\\"x")', f('a')).operation).toEqual({ op: 'in', values: ['1', 'a,b', null, 'q"x'] });
    expect(parseOperation('wfts(english).cat & dog', f('a')).operation).toEqual({ op: 'wfts', value: 'cat & dog', config: 'english' });
    expect(parseOperation('is.NULL', f('a')).operation).toEqual({ op: 'is', value: 'null' });
    expect(parseOperation('eq.', f('a')).operation).toEqual({ op: 'eq', value: '' });
  });

  it('rejects unknown operators, modifiers and is-values', () => {
    for (const bad of ['5', 'bogus.1', 'in.1,2', 'is.maybe', 'neq(any).{1}', 'eq(some).{1}', 'like(any).x']) {
      expect(parseError(() => parseOperation(bad, f('a'))).code).toBe('PGRST100');
    }
  });

  it('parses nested logic trees', () => {
    const tree = parseLogic('or', false, '(a.eq.1,and(b.gt.2,not.or(c.is.null,d.in.(1,2))),e.not.eq."x,y")');
    expect(tree.op).toBe('or');
    expect(tree.children).toHaveLength(3);
    const and = tree.children[1];
    expect(and).toMatchObject({ kind: 'logic', op: 'and', negate: false });
    expect(tree.children[2]).toMatchObject({ kind: 'filter', negate: true, operation: { op: 'eq', value: 'x,y' } });
    expect(parseError(() => parseLogic('or', false, 'a.eq.1')).code).toBe('PGRST100');
    expect(parseError(() => parseLogic('or', false, '(a.eq.1')).code).toBe('PGRST100');
  });
});

describe('order, query params and Prefer', () => {
  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>d.asc')).toEqual([
      { field: f('a'), direction: 'desc', nulls: 'last' },
      { field: f('b') },
      { field: { name: 'c', json: [{ arrow: '->>', key: 'd' }] }, direction: 'asc' },
    ]);
  });

  it('routes reserved params, embed paths, args and ignores empty values', () => {
    const params = parseQueryParams(
      [
        ['select', 'id,items(id)'],
        ['id', 'eq.1'],
        ['empty', ''],
        ['items.order', 'id.desc'],
        ['items.limit', '2'],
        ['not.or', '(a.eq.1,b.eq.2)'],
        ['columns', '"a","b"'],
        ['on_conflict', 'a'],
        ['offset', '3'],
        ['cat', '5'],
      ],
      { rpcRead: true },
    );
    expect(params.columns).toEqual(['a', 'b']);
    expect(params.onConflict).toEqual(['a']);
    expect(params.order).toEqual([{ path: ['items'], value: [{ field: f('id'), direction: 'desc' }] }]);
    expect(params.limit).toEqual([{ path: ['items'], value: 2 }]);
    expect(params.offset).toEqual([{ path: [], value: 3 }]);
    expect(params.conditions).toHaveLength(2);
    expect(params.conditions[1].value).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    // A function read's parameters are arguments unless their value is an operator expression.
    expect(params.args).toEqual(new Map([['empty', ''], ['cat', '5']]));
    expect(parseError(() => parseQueryParams([['cat', 'in.5']], { rpcRead: true })).code).toBe('PGRST100');
    expect(parseError(() => parseQueryParams([['limit', '-1']])).code).toBe('PGRST100');
    expect(parseError(() => parseQueryParams([['limit', '1e9']])).code).toBe('PGRST100');
  });

  it('parses Prefer tokens, ignoring unknown ones', () => {
    expect(parsePrefer('return=representation, count=exact, resolution=merge-duplicates, missing=default, tx=rollback, max-affected=5, handling=strict, bogus=1')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      tx: 'rollback',
      maxAffected: 5,
      handling: 'strict',
    });
    expect(parsePrefer(undefined)).toEqual({});
  });
});
