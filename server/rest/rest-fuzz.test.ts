import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

/**
 * Adversarial query strings and bodies against the real app: nothing may produce a 5xx, and no
 * input may reach SQL as text (the canary table keeps its rows and shape; no table disappears).
 * Deterministic seed and a bounded number of requests, so failures reproduce.
 */

let backend: RestTestBackend;

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = [
  "'; drop table canary; --",
  '"; drop table canary; --',
  'canary; drop table canary',
  ')); drop table canary; --',
  '1 or 1=1',
  "' or '1'='1",
  '\\',
  '"',
  "'",
  ';',
  '((((((((((',
  '))))))))',
  '{{{}}}',
  '',
  ' ',
  '*',
  '%',
  '99999999999999999999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'null',
  'ünïcødé ✓ 🙂',
  '\u0000',
  '$1',
  '$$ drop table canary $$',
  'pg_sleep(10)',
  'id',
  'name',
  'canary',
  'items',
  'a,b',
  '"a,b"',
  '->',
  '->>',
  '::',
  'x::text',
  '!inner',
  'not.',
  '(any)',
];
const COLUMNS = ['id', 'name', 'price', 'qty', 'tags', 'data', 'during', 'description', 'category_id', 'secret', 'nope', 'data->>color', 'data->a->>b'];
const OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'like(any)', 'eq(all)', 'fts(english)', 'fts(nope)', 'bogus'];
const KEYS = ['select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and', 'columns', 'on_conflict', 'items.order', 'items.limit', 'categories.name'];
const TARGETS = ['items', 'categories', 'notes', 'canary', 'rpc/add_numbers', 'rpc/items_in', 'rpc/echo_body', 'rpc/greet', 'rpc/nope', 'nope', 'canary;drop'];
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)];
}

function token(rand: () => number): string {
  const r = rand();
  if (r < 0.4) return pick(rand, NASTY);
  if (r < 0.6) return pick(rand, COLUMNS);
  if (r < 0.8) return String(Math.floor(rand() * 1e6) - 5e5);
  let s = '';
  const n = Math.floor(rand() * 12);
  for (let i = 0; i < n; i++) s += String.fromCharCode(32 + Math.floor(rand() * 95));
  return s;
}

/** Header values must be visible ASCII, or fetch itself throws before the server sees anything. */
function headerSafe(text: string): string {
  return text.replace(/[^\x21-\x7e]/g, 'x') || 'x';
}

function value(rand: () => number, depth = 0): string {
  const r = rand();
  if (r < 0.3) return `${pick(rand, OPS)}.${token(rand)}`;
  if (r < 0.45) return `not.${pick(rand, OPS)}.${token(rand)}`;
  if (r < 0.55) return `in.(${[token(rand), token(rand), `"${token(rand)}"`].join(',')})`;
  if (r < 0.7 && depth < 4) return `(${pick(rand, COLUMNS)}.${value(rand, depth + 1)},${depth % 2 ? 'and' : 'or'}(${pick(rand, COLUMNS)}.${value(rand, depth + 1)}))`;
  if (r < 0.8) return [pick(rand, COLUMNS), token(rand), `${pick(rand, COLUMNS)}::${token(rand)}`, `x:${pick(rand, COLUMNS)}`].join(',');
  return token(rand);
}

function body(rand: () => number): string {
  const r = rand();
  if (r < 0.1) return token(rand);
  if (r < 0.2) return '[' + token(rand);
  const obj = (): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    const n = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) {
      const v = rand();
      o[rand() < 0.7 ? pick(rand, COLUMNS) : token(rand)] =
        v < 0.3 ? token(rand) : v < 0.5 ? Math.floor(rand() * 1e12) : v < 0.6 ? null : v < 0.7 ? [token(rand), 1] : v < 0.8 ? { k: token(rand) } : 1e308;
    }
    return o;
  };
  return JSON.stringify(rand() < 0.3 ? [obj(), obj()] : obj());
}

beforeAll(async () => {
  backend = await createRestTestBackend();
  await backend.serviceClient().from('items').insert([{ id: 1, name: 'one', tags: ['a'], data: { color: 'red' }, during: '[1,3)' }]);
});

afterAll(() => backend.close());

async function snapshot(): Promise<string> {
  const { rows } = await backend.ctx.db.query<{ shape: string }>(
    `select (select json_agg(t order by t.table_name, t.column_name)::text from (
               select table_name, column_name, data_type from information_schema.columns where table_schema = 'public'
             ) t) || (select json_agg(c order by c.id)::text from public.canary c) as shape`,
  );
  return rows[0].shape;
}

describe('fuzzing /rest/v1', () => {
  it('never answers 5xx and never lets input reach SQL unquoted', async () => {
    const before = await snapshot();
    const rand = mulberry32(20250101);
    const keys = [backend.ctx.keys.anonKey, backend.ctx.keys.serviceRoleKey];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const target = pick(rand, TARGETS);
      const method = pick(rand, METHODS);
      const params = new URLSearchParams();
      const n = Math.floor(rand() * 5);
      for (let j = 0; j < n; j++) params.append(rand() < 0.5 ? pick(rand, KEYS) : rand() < 0.7 ? pick(rand, COLUMNS) : token(rand), value(rand));
      // Service role bypasses RLS, so it only reads the canary; its rows must survive everything else.
      const key = target.startsWith('canary') && method !== 'GET' ? keys[0] : pick(rand, keys);
      const headers: Record<string, string> = { apikey: key, 'Content-Type': 'application/json' };
      if (rand() < 0.3) headers.Prefer = pick(rand, ['return=representation', 'count=exact', 'resolution=merge-duplicates', 'missing=default, return=representation', 'tx=rollback', 'bogus']);
      if (rand() < 0.2) headers.Accept = pick(rand, ['application/vnd.pgrst.object+json', 'text/csv', '*/*', headerSafe(token(rand))]);
      if (rand() < 0.1) headers['Accept-Profile'] = headerSafe(token(rand));
      const url = `http://localhost:54321/rest/v1/${encodeURI(target)}?${params.toString()}`;
      const init: RequestInit = { method, headers };
      if (method !== 'GET' && method !== 'HEAD') init.body = body(rand);
      const res = await backend.fetch(url, init);
      const bucket = Math.floor(res.status / 100);
      statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${method} ${url} ${String(init.body)} → ${res.status} ${await res.text()}`);
    }
    expect(failures).toEqual([]);
    // The generator must reach SQL too, not only the parser's error paths.
    expect(statuses.get(2)).toBeGreaterThan(5);
    expect(statuses.get(4)).toBeGreaterThan(20);
    expect(await snapshot()).toBe(before);
  });

  it('survives deep nesting and huge lists without a 5xx', async () => {
    const deep = `${'or('.repeat(300)}id.eq.1${')'.repeat(300)}`;
    const inList = `in.(${Array.from({ length: 5000 }, (_, i) => i).join(',')})`;
    const deepSelect = `${'a:items('.repeat(50)}id${')'.repeat(50)}`;
    for (const query of [`or=(${deep})`, `id=${inList}`, `select=${deepSelect}`, `select=${'('.repeat(5000)}`, `limit=${'9'.repeat(40)}`]) {
      const res = await backend.fetch(`http://localhost:54321/rest/v1/items?${query}`, { headers: { apikey: backend.ctx.keys.anonKey } });
      expect(res.status, query.slice(0, 40)).toBeLessThan(500);
    }
  });
});
