import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

let backend: RestTestBackend;

beforeAll(async () => {
  backend = await createRestTestBackend();
  const service = backend.serviceClient();
  await service.from('categories').insert([
    { id: 1, name: 'tools' },
    { id: 2, name: 'toys' },
  ]);
  const { error } = await service.from('items').insert([
    { id: 1, name: 'hammer', price: 12.5, qty: 3, tags: ['metal', 'heavy'], data: { color: 'red', size: { w: 2 } }, during: '[1,5)', description: 'a heavy metal hammer', category_id: 1 },
    { id: 2, name: 'saw', price: 20, qty: 0, tags: ['metal'], data: { color: 'blue' }, during: '[10,20)', description: 'cuts wood fast', category_id: 1 },
    { id: 3, name: 'yo-yo', price: 2, qty: 10, tags: ['toy'], data: null, during: null, description: 'the cat and dog toy', category_id: 2 },
    { id: 4, name: 'kite, "big"', price: null, qty: 1, tags: [], data: { color: 'red' }, during: '[3,4)', description: null, category_id: 2 },
  ]);
  if (error) throw new Error(error.message);
});

afterAll(() => backend.close());

const ids = (rows: { id: number }[] | null): number[] => (rows ?? []).map((r) => r.id).sort((a, b) => a - b);

describe('GET /rest/v1 with supabase-js', () => {
  it('selects columns, aliases, casts and JSON arrows', async () => {
    const { data, error } = await backend
      .anonClient()
      .from('items')
      .select('id, label:name, price::text, color:data->>color, width:data->size->w')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, label: 'hammer', price: '12.50', color: 'red', width: 2 });
  });

  it('applies every horizontal filter operator', async () => {
    const c = backend.anonClient();
    const cases: [PromiseLike<{ data: { id: number }[] | null; error: unknown }>, number[]][] = [
      [c.from('items').select('id').eq('name', 'saw'), [2]],
      [c.from('items').select('id').neq('name', 'saw'), [1, 3, 4]],
      [c.from('items').select('id').gt('price', 12.5), [2]],
      [c.from('items').select('id').gte('price', 12.5), [1, 2]],
      [c.from('items').select('id').lt('qty', 3), [2, 4]],
      [c.from('items').select('id').lte('qty', 3), [1, 2, 4]],
      [c.from('items').select('id').like('name', '%a%'), [1, 2]],
      [c.from('items').select('id').ilike('name', 'HAM*'), [1]],
      [c.from('items').select('id').match({ name: 'saw', qty: 0 }), [2]],
      [c.from('items').select('id').filter('name', 'match', '^y'), [3]],
      [c.from('items').select('id').filter('name', 'imatch', '^SA'), [2]],
      [c.from('items').select('id').in('name', ['saw', 'kite, "big"']), [2, 4]],
      [c.from('items').select('id').not('name', 'in', '(saw,hammer)'), [3, 4]],
      [c.from('items').select('id').is('price', null), [4]],
      [c.from('items').select('id').not('price', 'is', null), [1, 2, 3]],
      [c.from('items').select('id').filter('price', 'isdistinct', '2'), [1, 2, 4]],
      [c.from('items').select('id').textSearch('description', 'cat & dog'), [3]],
      [c.from('items').select('id').textSearch('description', 'heavy hammer', { type: 'plain', config: 'english' }), [1]],
      [c.from('items').select('id').textSearch('description', 'cuts wood', { type: 'phrase' }), [2]],
      [c.from('items').select('id').textSearch('description', '"metal hammer" or wood', { type: 'websearch' }), [1, 2]],
      [c.from('items').select('id').contains('tags', ['metal']), [1, 2]],
      [c.from('items').select('id').containedBy('tags', ['metal', 'heavy', 'x']), [1, 2, 4]],
      [c.from('items').select('id').overlaps('tags', ['toy', 'heavy']), [1, 3]],
      [c.from('items').select('id').contains('data', { color: 'red' }), [1, 4]],
      [c.from('items').select('id').rangeLt('during', '[6,7)'), [1, 4]],
      [c.from('items').select('id').rangeGt('during', '[6,7)'), [2]],
      [c.from('items').select('id').rangeGte('during', '[2,3)'), [2, 4]],
      [c.from('items').select('id').rangeLte('during', '[1,6)'), [1, 4]],
      [c.from('items').select('id').rangeAdjacent('during', '[5,10)'), [1, 2]],
      [c.from('items').select('id').filter('name', 'like(any)', '{ham*,sa*}'), [1, 2]],
      [c.from('items').select('id').filter('name', 'like(all)', '{*a*,*w}'), [2]],
      [c.from('items').select('id').filter('qty', 'eq(any)', '{0,10}'), [2, 3]],
      [c.from('items').select('id').eq('data->>color', 'red'), [1, 4]],
      [c.from('items').select('id').or('qty.eq.0,price.is.null'), [2, 4]],
      [c.from('items').select('id').or('and(qty.gt.1,price.lt.5),name.eq.saw'), [2, 3]],
      [c.from('items').select('id').not('name', 'eq', 'saw').or('qty.gte.3,not.or(price.gt.1,price.is.null)'), [1, 3]],
      [c.from('items').select('id').or('name.eq."kite, \\"big\\""'), [4]],
      [c.from('items').select('id').in('name', []), []],
    ];
    for (const [query, expected] of cases) {
      const { data, error } = await query;
      expect(error).toBeNull();
      expect(ids(data)).toEqual(expected);
    }
  });

  it('orders, limits, ranges and counts with Content-Range semantics', async () => {
    const c = backend.anonClient();
    const ordered = await c.from('items').select('id').order('price', { ascending: false, nullsFirst: true }).order('id');
    expect(ordered.data?.map((r) => r.id)).toEqual([4, 2, 1, 3]);
    const page = await c.from('items').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    const all = await c.from('items').select('id', { count: 'exact' }).limit(10);
    expect(all.status).toBe(200);
    expect(all.count).toBe(4);
    const head = await c.from('items').select('*', { count: 'exact', head: true }).eq('category_id', 2);
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
    const beyond = await c.from('items').select('id', { count: 'exact' }).range(10, 12);
    expect(beyond.status).toBe(416);
    expect(beyond.error?.code).toBe('PGRST103');
  });

  it('sends Content-Range on every read', async () => {
    const res = await backend.fetch('http://localhost:54321/rest/v1/items?select=id&order=id&offset=1&limit=2', { headers: { apikey: backend.ctx.keys.anonKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('1-2/*');
    const empty = await backend.fetch('http://localhost:54321/rest/v1/items?id=eq.999', { headers: { Prefer: 'count=exact' } });
    expect(empty.headers.get('content-range')).toBe('*/0');
  });

  it('answers HEAD without a body and serves concurrent requests', async () => {
    const head = await backend.fetch('http://localhost:54321/rest/v1/items?select=id&category_id=eq.1', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-1/2');
    expect(await head.text()).toBe('');
    const c = backend.anonClient();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => c.from('items').select('id').eq('id', (i % 4) + 1).single()));
    expect(results.map((r) => r.data?.id)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 4) + 1));
  });

  it('single and maybeSingle', async () => {
    const c = backend.anonClient();
    const one = await c.from('items').select('name').eq('id', 2).single();
    expect(one.data).toEqual({ name: 'saw' });
    const none = await c.from('items').select('name').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    const many = await c.from('items').select('name').single();
    expect(many.error?.code).toBe('PGRST116');
    const maybe = await c.from('items').select('name').eq('id', 99).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('embeds many-to-one and one-to-many, with !inner and embedded filters', async () => {
    const c = backend.anonClient();
    const m2o = await c.from('items').select('id, category:categories(name)').eq('id', 3).single();
    expect(m2o.data).toEqual({ id: 3, category: { name: 'toys' } });
    const o2m = await c.from('categories').select('name, items(id)').order('id').order('id', { referencedTable: 'items', ascending: false });
    expect(o2m.data).toEqual([
      { name: 'tools', items: [{ id: 2 }, { id: 1 }] },
      { name: 'toys', items: [{ id: 4 }, { id: 3 }] },
    ]);
    const inner = await c.from('categories').select('name, items!inner(id)').eq('items.name', 'saw');
    expect(inner.data).toEqual([{ name: 'tools', items: [{ id: 2 }] }]);
    const spread = await c.from('items').select('id, ...categories(category:name)').order('id').limit(2);
    expect(spread.data).toEqual([
      { id: 1, category: 'tools' },
      { id: 2, category: 'tools' },
    ]);
    const spreadStar = await c.from('items').select('id, ...categories(*)').eq('id', 3).single();
    expect(spreadStar.data).toEqual({ id: 2, name: 'toys' });
    const missing = await c.from('items').select('id, nope(*)');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST200');
  });

  it('answers errors in PostgREST shape', async () => {
    const c = backend.anonClient();
    const unknownTable = await c.from('nope').select();
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.error?.code).toBe('PGRST205');
    const unknownColumn = await c.from('items').select('nope');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error?.code).toBe('42703');
    const badValue = await c.from('items').select().eq('id', 'abc');
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
    const badOp = await c.from('items').select().filter('id', 'bogus', '1');
    expect(badOp.status).toBe(400);
    expect(badOp.error?.code).toBe('PGRST100');
    const strayEmbedFilter = await c.from('items').select('id').eq('categories.name', 'toys');
    expect(strayEmbedFilter.status).toBe(400);
    expect(strayEmbedFilter.error?.code).toBe('PGRST108');
    const injection = await c.from('items').select('id;drop table canary');
    expect(injection.error?.code).toBe('PGRST100');
    const root = await backend.fetch('http://localhost:54321/rest/v1/');
    expect(root.status).toBe(404);
    const otherSchema = await c.schema('private').from('items').select();
    expect(otherSchema.status).toBe(406);
    expect(otherSchema.error?.code).toBe('PGRST106');
  });
});
