import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './postgres-filter.ts';

describe('postgres_changes filters', () => {
  it('parses the classic operators', () => {
    expect(parseFilter('owner=eq.u1')).toEqual({ ok: true, filter: { column: 'owner', op: 'eq', values: ['u1'] } });
    expect(parseFilter('id=in.(1,2,"x,y")')).toEqual({ ok: true, filter: { column: 'id', op: 'in', values: ['1', '2', 'x,y'] } });
    expect(parseFilter('n=gte.10')).toMatchObject({ ok: true, filter: { op: 'gte', values: ['10'] } });
  });

  it('rejects what it does not support with the hosted message prefix', () => {
    for (const bad of ['undefined', 'owner', 'owner=like.a%', 'owner=zz.1', 'id=gt.0,id=lt.9', 'id=in.1,2']) {
      const result = parseFilter(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^Error parsing `filter` params: /);
    }
  });

  it('reads names and lists with PostgREST’s grammar, as .filter() in supabase-js writes them for REST', () => {
    expect(parseFilter('"first name"=eq.Ada')).toEqual({ ok: true, filter: { column: 'first name', op: 'eq', values: ['Ada'] } });
    expect(parseFilter('tag=in.("a)b","c,d",null)')).toEqual({ ok: true, filter: { column: 'tag', op: 'in', values: ['a)b', 'c,d', 'null'] } });
    // The REST parser's own wording reaches the client, after Realtime's prefix.
    expect(parseFilter('tag=in.(a,"b)')).toEqual({ ok: false, message: 'Error parsing `filter` params: unexpected end of input' });
    for (const [bad, why] of [
      ['owner=not.eq.u1', 'operator "not" is not supported'],
      ['data->>kind=eq.a', 'JSON paths'],
      ['n=gt(any).{1,2}', 'takes a single value'],
      ['body=fts.cat', 'operator "fts" is not supported'],
    ] as const) {
      const result = parseFilter(bad);
      expect(result.ok ? '' : result.message, bad).toContain(why);
    }
  });

  it('compares by column type, and NULL never matches', () => {
    const f = (text: string) => {
      const parsed = parseFilter(text);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.filter;
    };
    expect(matchesFilter(f('n=gt.9'), 10, 'int4')).toBe(true);
    expect(matchesFilter(f('n=gt.9'), 8, 'int4')).toBe(false);
    expect(matchesFilter(f('n=lte.10'), 10, 'int8')).toBe(true);
    expect(matchesFilter(f('n=neq.1'), null, 'int4')).toBe(false);
    expect(matchesFilter(f('done=eq.true'), true, 'bool')).toBe(true);
    expect(matchesFilter(f('done=eq.f'), true, 'bool')).toBe(false);
    expect(matchesFilter(f('name=in.(a,b)'), 'b', 'text')).toBe(true);
    expect(matchesFilter(f('name=in.(a,b)'), 'c', 'text')).toBe(false);
    expect(matchesFilter(f('at=gt.2025-01-01'), '2025-06-01T00:00:00+00:00', 'timestamptz')).toBe(true);
  });
});
