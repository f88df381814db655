import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

let backend: RestTestBackend;

beforeAll(async () => {
  backend = await createRestTestBackend();
  const service = backend.serviceClient();
  await service.from('categories').insert([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]);
  await service.from('items').insert([
    { id: 1, name: 'a', qty: 1, category_id: 1 },
    { id: 2, name: 'b', qty: 2, category_id: 1 },
    { id: 3, name: 'c', qty: 3, category_id: 2 },
  ]);
});

afterAll(() => backend.close());

describe('RPC', () => {
  it('returns scalars as bare JSON, with defaults', async () => {
    const c = backend.anonClient();
    expect((await c.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await c.rpc('greet')).data).toBe('hello world');
    expect((await c.rpc('greet', { name: 'you' }, { get: true })).data).toBe('hello you');
  });

  it('returns sets with filters, order, limit, select and count', async () => {
    const c = backend.anonClient();
    const set = await c.rpc('items_in', { cat: 1 }).select('id, name').order('id', { ascending: false });
    expect(set.data).toEqual([{ id: 2, name: 'b' }, { id: 1, name: 'a' }]);
    const filtered = await c.rpc('items_in', { cat: 1 }, { count: 'exact' }).gt('qty', 1);
    expect(filtered.count).toBe(1);
    expect(filtered.data?.map((r: { id: number }) => r.id)).toEqual([2]);
    const embedded = await c.rpc('items_in', { cat: 2 }).select('id, categories(name)');
    expect(embedded.data).toEqual([{ id: 3, categories: { name: 'two' } }]);
    const scalars = await c.rpc('numbers_up_to', { n: 3 });
    expect(scalars.data).toEqual([1, 2, 3]);
    const table = await c.rpc('item_pairs', undefined, { get: true }).limit(2);
    expect(table.data).toEqual([{ left_id: 1, right_name: 'a' }, { left_id: 2, right_name: 'b' }]);
    const tableFiltered = await c.rpc('item_pairs').eq('right_name', 'c').select('left_id');
    expect(tableFiltered.data).toEqual([{ left_id: 3 }]);
    const unknownOut = await c.rpc('item_pairs').eq('nope', 'c');
    expect(unknownOut.status).toBe(400);
    expect(unknownOut.error?.code).toBe('42703');
  });

  it('returns a single composite as an object', async () => {
    const res = await backend.anonClient().rpc('item_by_id', { item_id: 3 });
    expect(res.data).toMatchObject({ id: 3, name: 'c' });
    const picked = await backend.anonClient().rpc('item_by_id', { item_id: 2 }, { get: true }).select('name').single();
    expect(picked.data).toEqual({ name: 'b' });
  });

  it('counts set results on HEAD', async () => {
    const res = await backend.anonClient().rpc('items_in', { cat: 1 }, { head: true, count: 'exact' });
    expect(res.error).toBeNull();
    expect(res.count).toBe(2);
    expect(res.data).toBeNull();
  });

  it('void functions answer 204; writes via GET are refused with 405', async () => {
    const c = backend.anonClient();
    const bump = await c.rpc('bump_qty', { item_id: 1 });
    expect(bump.status).toBe(204);
    expect(bump.data).toBeNull();
    expect((await c.from('items').select('qty').eq('id', 1).single()).data).toEqual({ qty: 2 });
    const viaGet = await c.rpc('bump_qty', { item_id: 1 }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
  });

  it('passes the whole body to a single unnamed json parameter', async () => {
    const res = await backend.anonClient().rpc('echo_body', { any: ['thing', 1] });
    expect(res.data).toEqual({ any: ['thing', 1] });
  });

  it('maps RAISE to 400 P0001 and unknown functions to 404 PGRST202', async () => {
    const c = backend.anonClient();
    const raised = await c.rpc('fail_loudly');
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({ code: 'P0001', message: 'loud failure', details: 'some detail', hint: 'some hint' });
    const missing = await c.rpc('no_such_fn', { b: 1, a: 2 });
    expect(missing.status).toBe(404);
    expect(missing.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_fn(a, b) in the schema cache',
      details: 'Searched for the function public.no_such_fn with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    const wrongArgs = await c.rpc('add_numbers', { a: 1 });
    expect(wrongArgs.status).toBe(404);
  });

  it('answers a function name no function can have (a NUL in it) with 404, not 500', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await backend.fetch('http://localhost/rest/v1/rpc/a%00b', { method, headers: { apikey: backend.ctx.keys.anonKey } });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'PGRST202' });
    }
  });
});
