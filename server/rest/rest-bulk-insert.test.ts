import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFidelityBackend, type FidelityBackend } from './testing/fidelity-backend.ts';

// Writes as PostgREST 12–14 does them (ApiRequest/Payload.hs, SqlFragment.hs fromJsonBodyF,
// test/spec/Feature/Query/InsertSpec.hs): without ?columns= the columns are the body's keys, which
// every object must share; with ?columns= a missing key is NULL, or with Prefer: missing=default its
// column's DEFAULT, evaluated for each object.

let backend: FidelityBackend;

beforeAll(async () => {
  backend = await createFidelityBackend();
});

afterAll(() => backend.close());

const JSON_BODY = { 'Content-Type': 'application/json' };
const withDefaults = { ...JSON_BODY, Prefer: 'missing=default, return=representation' };
const representation = { ...JSON_BODY, Prefer: 'return=representation' };

async function reset(): Promise<void> {
  await backend.ctx.db.exec(`truncate public.bulk_orders restart identity; truncate public.bulk_identity restart identity;`);
}

describe('Prefer: missing=default', () => {
  it('fills each missing key with its column default, evaluated per object', async () => {
    await reset();
    const res = await backend.rest('POST', '/bulk_orders?columns=label,qty,note&select=id,label,qty,note', withDefaults, '[{"qty":1},{"label":"b","qty":2},{"qty":3,"note":null}]');
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual([
      { id: 1, label: 'unnamed', qty: 1, note: null },
      { id: 2, label: 'b', qty: 2, note: null },
      { id: 3, label: 'unnamed', qty: 3, note: null },
    ]);
    const codes = await backend.rest('POST', '/bulk_orders?columns=code,qty&select=code', withDefaults, '[{"qty":1},{"qty":2}]');
    const [first, second] = JSON.parse(codes.text) as { code: string }[];
    expect(first.code).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.code).not.toBe(first.code);
  });

  it('evaluates a listed column’s default for every object, as PostgREST’s jsonb_build_object does, even where the key is given', async () => {
    await reset();
    const res = await backend.rest('POST', '/bulk_orders?columns=id,qty&select=id,qty', withDefaults, '[{"qty":1},{"id":10,"qty":2},{"qty":3}]');
    // nextval ran three times: 1 and 3 went to the rows without an id, 2 was drawn and dropped.
    expect(JSON.parse(res.text)).toEqual([
      { id: 1, qty: 1 },
      { id: 10, qty: 2 },
      { id: 3, qty: 3 },
    ]);
    const next = await backend.rest('POST', '/bulk_orders?select=id', representation, '{"qty":4}');
    expect(JSON.parse(next.text)).toEqual([{ id: 4 }]);
  });

  it('uses a view’s own default, a domain’s default and an identity sequence', async () => {
    const view = await backend.rest('POST', '/bulk_orders_view?columns=label,qty&select=label,qty', { ...withDefaults, Prefer: 'missing=default, return=representation, tx=rollback' }, '[{"qty":1},{"qty":2,"label":"own"}]');
    expect(view.status).toBe(201);
    expect(JSON.parse(view.text)).toEqual([
      { label: 'from the view', qty: 1 },
      { label: 'own', qty: 2 },
    ]);
    const domain = await backend.rest('POST', '/bulk_domain?columns=id,d', withDefaults, '{"id":1}');
    expect(JSON.parse(domain.text)).toEqual([{ id: 1, d: 42 }]);
    await reset();
    const identity = await backend.rest('POST', '/bulk_identity?columns=id,v', withDefaults, '[{"v":"a"},{"v":"b"}]');
    expect(JSON.parse(identity.text)).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ]);
  });

  it('leaves a generated column without a default, so Postgres refuses the NULL as it does for PostgREST', async () => {
    const res = await backend.rest('POST', '/bulk_generated?columns=a,b', withDefaults, '[{"a":"val"},{"a":"val","b":"val"}]');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({
      code: '428C9',
      details: 'Column "b" is a generated column.',
      hint: null,
      message: 'cannot insert a non-DEFAULT value into column "b"',
    });
  });

  it('is what supabase-js sends for insert(rows, { defaultToNull: false })', async () => {
    await reset();
    const { data, error } = await backend
      .serviceClient()
      .from('bulk_orders')
      .insert([{ qty: 1 }, { label: 'x' }], { defaultToNull: false })
      .select('id, label, qty');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, label: 'unnamed', qty: 1 },
      { id: 2, label: 'x', qty: null },
    ]);
  });

  it('applies to PATCH with ?columns= too', async () => {
    await reset();
    await backend.rest('POST', '/bulk_orders', JSON_BODY, '{"label":"before","qty":5}');
    const res = await backend.rest('PATCH', '/bulk_orders?id=eq.1&columns=label,qty&select=label,qty', withDefaults, '{"qty":6}');
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(JSON.parse(res.text)).toEqual([{ label: 'unnamed', qty: 6 }]);
  });
});

describe('without missing=default', () => {
  it('sets a key missing from ?columns= to NULL (json_to_recordset), so NOT NULL columns refuse it', async () => {
    await reset();
    const nullable = await backend.rest('POST', '/bulk_orders?columns=label,qty,note&select=label,qty,note', representation, '[{"label":"a","qty":1},{"label":"b","note":"n"}]');
    expect(nullable.status).toBe(201);
    expect(JSON.parse(nullable.text)).toEqual([
      { label: 'a', qty: 1, note: null },
      { label: 'b', qty: null, note: 'n' },
    ]);
    const notNull = await backend.rest('POST', '/bulk_orders?columns=label,qty', representation, '[{"qty":1}]');
    expect(notNull.status).toBe(400);
    expect(JSON.parse(notNull.text)).toMatchObject({ code: '23502', message: 'null value in column "label" of relation "bulk_orders" violates not-null constraint' });
    const patched = await backend.rest('PATCH', '/bulk_orders?label=eq.a&columns=qty,note&select=qty,note', representation, '{"note":"kept"}');
    expect(JSON.parse(patched.text)).toEqual([{ qty: null, note: 'kept' }]);
  });

  it('ignores keys that ?columns= does not list', async () => {
    const res = await backend.rest('POST', '/bulk_orders?columns=label&select=label,qty', { ...representation, Prefer: 'return=representation, tx=rollback' }, '[{"label":"a","qty":9,"nope":1}]');
    expect(JSON.parse(res.text)).toEqual([{ label: 'a', qty: null }]);
  });

  it('requires every object to have the first one’s keys when ?columns= is absent (PGRST102)', async () => {
    const mismatch = { code: 'PGRST102', details: null, hint: null, message: 'All object keys must match' };
    for (const body of ['[{"label":"a","qty":1},{"label":"b"}]', '[{"label":"a"},{"label":"b","qty":2}]', '[{"label":"a"},"asdf"]', '[1,2]']) {
      const res = await backend.rest('POST', '/bulk_orders', JSON_BODY, body);
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.text)).toEqual(mismatch);
    }
    const reordered = await backend.rest('POST', '/bulk_orders?select=label,qty', { ...JSON_BODY, Prefer: 'return=representation, tx=rollback' }, '[{"label":"a","qty":1},{"qty":2,"label":"b"}]');
    expect(reordered.status).toBe(201);
    expect(JSON.parse(reordered.text)).toEqual([
      { label: 'a', qty: 1 },
      { label: 'b', qty: 2 },
    ]);
  });

  it('inserts one row of defaults per empty object, and nothing for [] or a scalar', async () => {
    await reset();
    const empties = await backend.rest('POST', '/bulk_orders?select=id,label', representation, '[{},{}]');
    expect(JSON.parse(empties.text)).toEqual([
      { id: 1, label: 'unnamed' },
      { id: 2, label: 'unnamed' },
    ]);
    for (const body of ['[]', '5', '"text"']) {
      const res = await backend.rest('POST', '/bulk_orders', { ...JSON_BODY, Prefer: 'count=exact' }, body);
      expect(res.status, body).toBe(201);
      expect(res.headers.get('content-range')).toBe('*/0');
    }
  });

  it('names the first unknown column in sorted order (PGRST204), and refuses invalid JSON (PGRST102)', async () => {
    const unknown = await backend.rest('POST', '/bulk_orders', JSON_BODY, '{"zeta":1,"alpha":2}');
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toEqual({ code: 'PGRST204', details: null, hint: null, message: "Could not find the 'alpha' column of 'bulk_orders' in the schema cache" });
    const invalid = await backend.rest('POST', '/bulk_orders', JSON_BODY, '{"label":');
    expect(JSON.parse(invalid.text)).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });
  });

  it('keeps numbers exactly as sent (the body goes to Postgres as text)', async () => {
    const res = await backend.rest('POST', '/bulk_numbers', representation, '{"id":1,"big":9007199254740993,"exact":0.12345678901234567890123}');
    expect(res.text).toBe('[{"id":1,"big":9007199254740993,"exact":0.12345678901234567890123}]');
  });
});

describe('other bodies and answers', () => {
  it('inserts CSV bodies (NULL is null) and answers CSV', async () => {
    const res = await backend.rest('POST', '/bulk_no_pk', { 'Content-Type': 'text/csv', Accept: 'text/csv', Prefer: 'return=representation' }, 'a,b\nbar,baz\nNULL,"x,y"\n');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('a,b\nbar,baz\n,"x,y"');
    const short = await backend.rest('POST', '/bulk_no_pk', { 'Content-Type': 'text/csv' }, 'a,b\nfoo,bar\nbaz');
    expect(short.status).toBe(400);
    expect(JSON.parse(short.text)).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'All lines must have same number of fields' });
  });

  it('inserts form bodies and refuses other content types', async () => {
    const form = await backend.rest('POST', '/bulk_no_pk', { 'Content-Type': 'application/x-www-form-urlencoded', Prefer: 'return=representation' }, 'a=one+two&b=%C3%A9');
    expect(JSON.parse(form.text)).toEqual([{ a: 'one two', b: 'é' }]);
    const plain = await backend.rest('POST', '/bulk_no_pk', { 'Content-Type': 'text/plain' }, 'a');
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.text)).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'Content-Type not acceptable: text/plain' });
  });

  it('gives Location for return=headers-only only when one row was created', async () => {
    await reset();
    const one = await backend.rest('POST', '/bulk_orders', { ...JSON_BODY, Prefer: 'return=headers-only' }, '{"label":"a b"}');
    expect(one.status).toBe(201);
    expect(one.headers.get('location')).toBe('/bulk_orders?id=eq.1');
    expect(one.headers.get('preference-applied')).toBe('return=headers-only');
    expect(one.text).toBe('');
    const two = await backend.rest('POST', '/bulk_orders', { ...JSON_BODY, Prefer: 'return=headers-only' }, '[{"label":"c"},{"label":"d"}]');
    expect(two.headers.get('location')).toBeNull();
  });

  it('checks the singular type without returning a body when return=minimal', async () => {
    const res = await backend.rest('POST', '/bulk_orders', { ...JSON_BODY, Accept: 'application/vnd.pgrst.object+json' }, '{"label":"solo"}');
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
    const two = await backend.rest('POST', '/bulk_orders', { ...JSON_BODY, Accept: 'application/vnd.pgrst.object+json' }, '[{"label":"x"},{"label":"y"}]');
    expect(two.status).toBe(406);
    expect(JSON.parse(two.text)).toEqual({ code: 'PGRST116', details: 'The result contains 2 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' });
  });

  it('upserts with PostgREST’s statuses and Preference-Applied; a table without a key inserts plainly', async () => {
    await reset();
    const created = await backend.rest('POST', '/bulk_identity', { ...JSON_BODY, Prefer: 'resolution=merge-duplicates' }, '[{"id":1,"v":"a"}]');
    expect(created.status).toBe(201);
    expect(created.headers.get('preference-applied')).toBe('resolution=merge-duplicates');
    const updated = await backend.rest('POST', '/bulk_identity', { ...JSON_BODY, Prefer: 'resolution=merge-duplicates' }, '[{"id":1,"v":"b"}]');
    expect(updated.status).toBe(200);
    const nothing = await backend.rest('POST', '/bulk_identity', { ...JSON_BODY, Prefer: 'resolution=merge-duplicates' }, '[]');
    expect(nothing.status).toBe(200);
    const noKey = await backend.rest('POST', '/bulk_no_pk', { ...JSON_BODY, Prefer: 'resolution=merge-duplicates, tx=rollback' }, '{"a":"1"}');
    expect(noKey.status).toBe(201);
    expect(noKey.headers.get('preference-applied')).toBe('tx=rollback');
  });
});
