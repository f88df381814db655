import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

let backend: RestTestBackend;

beforeAll(async () => {
  backend = await createRestTestBackend();
});

afterAll(() => backend.close());

describe('writes through supabase-js', () => {
  it('inserts with minimal (201, no body) and representation (array / single object)', async () => {
    const c = backend.serviceClient();
    const minimal = await c.from('items').insert({ id: 100, name: 'min' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const rep = await c.from('items').insert({ id: 101, name: 'rep', tags: ['a', 'b "q"'], data: { k: [1, 2] } }).select();
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual([
      { id: 101, name: 'rep', price: null, qty: 7, tags: ['a', 'b "q"'], data: { k: [1, 2] }, during: null, description: null, category_id: null },
    ]);
    const single = await c.from('items').insert({ id: 102, name: 'single' }).select('id, name').single();
    expect(single.data).toEqual({ id: 102, name: 'single' });
  });

  it('bulk inserts with the columns union: missing keys are NULL, or DEFAULT with defaultToNull:false', async () => {
    const c = backend.serviceClient();
    const nulls = await c.from('items').insert([{ id: 110, name: 'a' }, { id: 111, name: 'b', qty: 5 }]).select('id, qty').order('id');
    expect(nulls.data).toEqual([
      { id: 110, qty: null },
      { id: 111, qty: 5 },
    ]);
    const defaults = await c
      .from('items')
      .insert([{ id: 112, name: 'c' }, { id: 113, name: 'd', qty: 5 }], { defaultToNull: false, count: 'exact' })
      .select('id, qty');
    expect(defaults.count).toBe(2);
    expect(defaults.data).toEqual([
      { id: 112, qty: 7 },
      { id: 113, qty: 5 },
    ]);
  });

  it('refuses bulk bodies whose keys differ without columns (PGRST102)', async () => {
    const res = await backend.fetch('http://localhost:54321/rest/v1/items', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.serviceRoleKey, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ id: 120, name: 'x' }, { id: 121 }]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST102');
  });

  it('upserts with merge-duplicates and ignore-duplicates, on_conflict', async () => {
    const c = backend.serviceClient();
    await c.from('items').insert({ id: 130, name: 'up' });
    const merged = await c.from('items').upsert({ id: 130, name: 'up', qty: 42 }).select('id, qty');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id: 130, qty: 42 }]);
    const fresh = await c.from('items').upsert({ id: 131, name: 'new-up' }).select('id');
    expect(fresh.status).toBe(201);
    const byName = await c.from('items').upsert({ id: 130, name: 'up', qty: 1 }, { onConflict: 'name' }).select('qty');
    expect(byName.data).toEqual([{ qty: 1 }]);
    const ignored = await c.from('items').upsert([{ id: 130, name: 'up', qty: 999 }], { ignoreDuplicates: true }).select('id');
    expect(ignored.data).toEqual([]);
    const still = await c.from('items').select('qty').eq('id', 130).single();
    expect(still.data).toEqual({ qty: 1 });
  });

  it('updates and deletes with return variants and counts', async () => {
    const c = backend.serviceClient();
    await c.from('items').insert([{ id: 140, name: 'u1', qty: 1 }, { id: 141, name: 'u2', qty: 1 }]);
    const minimal = await c.from('items').update({ qty: 2 }).in('id', [140, 141]);
    expect(minimal.status).toBe(204);
    const counted = await c.from('items').update({ qty: 3 }, { count: 'exact' }).in('id', [140, 141]);
    expect(counted.count).toBe(2);
    const rep = await c.from('items').update({ qty: 4 }).eq('id', 140).select('id, qty').single();
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual({ id: 140, qty: 4 });
    const deleted = await c.from('items').delete({ count: 'exact' }).eq('id', 141).select('name');
    expect(deleted.status).toBe(200);
    expect(deleted.count).toBe(1);
    expect(deleted.data).toEqual([{ name: 'u2' }]);
    const gone = await c.from('items').delete().eq('id', 141);
    expect(gone.status).toBe(204);
  });

  it('rolls back a singular write that touched several rows', async () => {
    const c = backend.serviceClient();
    await c.from('items').insert([{ id: 150, name: 's1', qty: 1 }, { id: 151, name: 's2', qty: 1 }]);
    const res = await c.from('items').update({ qty: 9 }).in('id', [150, 151]).select().single();
    expect(res.status).toBe(406);
    const after = await c.from('items').select('qty').in('id', [150, 151]);
    expect(after.data).toEqual([{ qty: 1 }, { qty: 1 }]);
  });

  it('honours Prefer tx=rollback and max-affected', async () => {
    const f = backend.fetch;
    const headers = { apikey: backend.ctx.keys.serviceRoleKey, 'Content-Type': 'application/json' };
    const res = await f('http://localhost:54321/rest/v1/items', {
      method: 'POST',
      headers: { ...headers, Prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ id: 160, name: 'ghost' }),
    });
    expect(res.status).toBe(201);
    const check = await backend.serviceClient().from('items').select('id').eq('id', 160);
    expect(check.data).toEqual([]);
    await backend.serviceClient().from('items').insert([{ id: 161, name: 'm1' }, { id: 162, name: 'm2' }]);
    const capped = await f('http://localhost:54321/rest/v1/items?id=in.(161,162)', {
      method: 'DELETE',
      headers: { ...headers, Prefer: 'handling=strict, max-affected=1' },
    });
    expect(capped.status).toBe(400);
    expect(((await capped.json()) as { code: string }).code).toBe('PGRST124');
    const kept = await backend.serviceClient().from('items').select('id').in('id', [161, 162]);
    expect(kept.data).toHaveLength(2);
  });

  it('return=headers-only gives Location', async () => {
    const res = await backend.fetch('http://localhost:54321/rest/v1/items', {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.serviceRoleKey, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ id: 170, name: 'located' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/items?id=eq.170');
  });

  it('refuses unfiltered update and delete like safeupdate', async () => {
    const c = backend.serviceClient();
    const del = await c.from('items').delete().gt('id', -1).select();
    expect(del.error).toBeNull();
    await c.from('items').insert({ id: 180, name: 'survivor' });
    const res = await backend.fetch('http://localhost:54321/rest/v1/items', {
      method: 'DELETE',
      headers: { apikey: backend.ctx.keys.serviceRoleKey, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: '21000', message: 'DELETE requires a WHERE clause', details: null, hint: null });
    const patch = await backend.fetch('http://localhost:54321/rest/v1/items', {
      method: 'PATCH',
      headers: { apikey: backend.ctx.keys.serviceRoleKey, 'Content-Type': 'application/json' },
      body: '{"qty":1}',
    });
    expect(((await patch.json()) as { message: string }).message).toBe('UPDATE requires a WHERE clause');
    const left = await c.from('items').select('id');
    expect(left.data).toEqual([{ id: 180 }]);
  });

  it('maps constraint errors: unique 409, FK 409, not-null 400, unknown column PGRST204', async () => {
    const c = backend.serviceClient();
    await c.from('items').insert({ id: 190, name: 'dup' });
    const dup = await c.from('items').insert({ id: 191, name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.details).toBe('Key (name)=(dup) already exists.');
    const fk = await c.from('items').insert({ id: 192, name: 'fk', category_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await c.from('items').insert({ id: 193 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const unknown = await c.from('items').insert({ id: 194, name: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    expect(unknown.error?.message).toBe("Could not find the 'nope' column of 'items' in the schema cache");
  });
});
