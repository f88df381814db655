import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, pgrstError, type SpecBackend } from './spec-backend.ts';

// Functions called through /rpc, as PostgREST 12–14 answers them (RpcSpec.hs, PreferencesSpec.hs;
// error texts from src/PostgREST/Error.hs): the overload is chosen by the argument names; a POST
// to a function with a single unnamed json/jsonb, text, xml or bytea parameter passes the raw body
// by its Content-Type (other types are not callable so); a row-type argument takes a JSON object
// (POST) or a record literal (GET); results are embedded like the table they return.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });
const JSON_BODY = { 'Content-Type': 'application/json' };

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  backend.rest('POST', path, { headers: { ...JSON_BODY, ...headers }, body: JSON.stringify(body) });

describe('overloads chosen by argument names', () => {
  it('picks the overload whose parameters match the query string or the body keys', async () => {
    expect(answer(await backend.get('/rpc/overloaded'))).toEqual(ok([1, 2, 3]));
    expect(answer(await backend.get('/rpc/overloaded?a=1&b=2'))).toEqual(ok(3));
    expect(answer(await backend.get('/rpc/overloaded?a=1&b=2&c=3'))).toEqual(ok('123'));
    expect(answer(await postJson('/rpc/overloaded', { a: 1, b: 2 }))).toEqual(ok(3));
    expect(answer(await postJson('/rpc/overloaded', { a: 'x', b: 'y', c: 'z' }))).toEqual(ok('xyz'));
  });


  it('answers 404 PGRST202 for names no overload takes, hinting the closest parameter list', async () => {
    expect(answer(await backend.get('/rpc/overloaded?wrong_arg=value'))).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.overloaded(wrong_arg) in the schema cache',
        'Searched for the function public.overloaded with parameter wrong_arg, but no matches were found in the schema cache.',
        null,
      ),
    });
    expect(answer(await backend.get('/rpc/overloaded?a=1&b=2&wrong_arg=value'))).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.overloaded(a, b, wrong_arg) in the schema cache',
        'Searched for the function public.overloaded with parameters a, b, wrong_arg, but no matches were found in the schema cache.',
        'Perhaps you meant to call the function public.overloaded(a, b, c)',
      ),
    });
  });

  it('answers 300 PGRST203 when the same names fit overloads of different types', async () => {
    expect(answer(await backend.get('/rpc/overloaded_same_args?arg=value'))).toEqual({
      status: 300,
      body: pgrstError(
        'PGRST203',
        'Could not choose the best candidate function between: public.overloaded_same_args(arg => integer), public.overloaded_same_args(arg => xml), public.overloaded_same_args(arg => text, num => integer)',
        null,
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      ),
    });
  });
});

describe('overload resolution as PostgREST’s findProc', () => {
  const AMBIGUOUS_HINT = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

  it('lists ambiguous candidates in PostgREST’s order, whatever order they were created in', async () => {
    const expected = {
      status: 300,
      body: pgrstError(
        'PGRST203',
        'Could not choose the best candidate function between: public.postgrest_unresolvable_function(a => integer), public.postgrest_unresolvable_function(a => text)',
        null,
        AMBIGUOUS_HINT,
      ),
    };
    expect(answer(await postJson('/rpc/postgrest_unresolvable_function', { a: 'x' }))).toEqual(expected);
    expect(answer(await backend.get('/rpc/postgrest_unresolvable_function?a=1'))).toEqual(expected);
    expect(answer(await postJson('/rpc/postgrest_unresolvable_function', {}))).toEqual({ status: 204, body: '' });
  });

  it('does not prefer the overload with fewer parameters: one without and one with only defaults are ambiguous', async () => {
    const expected = {
      status: 300,
      body: pgrstError(
        'PGRST203',
        'Could not choose the best candidate function between: public.polymorphic_function_with_unnamed_default(), public.polymorphic_function_with_unnamed_default( => text)',
        null,
        AMBIGUOUS_HINT,
      ),
    };
    expect(answer(await backend.get('/rpc/polymorphic_function_with_unnamed_default'))).toEqual(expected);
    expect(answer(await postJson('/rpc/polymorphic_function_with_unnamed_default', {}))).toEqual(expected);
  });

  it('an unnamed parameter matches the key "", and takes the body whole', async () => {
    expect(answer(await postJson('/rpc/polymorphic_function_with_unnamed_default', { '': 'foo' }))).toEqual(ok('text {"":"foo"}'));
    // The int and bool overloads are not callable, so the text one is the only candidate.
    expect(answer(await postJson('/rpc/polymorphic_function_with_different_return', { '': true }))).toEqual(ok('{"":true}'));
    expect(answer(await postJson('/rpc/unnamed_text_param', { '': 'x' }))).toEqual(ok('{"":"x"}'));
  });

  it('functions whose unnamed parameter cannot take a body are not in the cache: the hint names a close function from 0.75 up', async () => {
    expect(answer(await postJson('/rpc/blurb_message', { '': 1 }))).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.blurb_message() in the schema cache',
        'Searched for the function public.blurb_message with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        null,
      ),
    });
    // Still a computed field of projects.
    expect(answer(await backend.get('/projects?select=blurb_message&id=eq.1'))).toEqual(ok([{ blurb_message: 'blurb Windows 7' }]));
  });

  it('one missing key: "parameter" in the singular, and the closest parameter list as the hint', async () => {
    expect(answer(await postJson('/rpc/add_them', { a: 1 }))).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.add_them(a) in the schema cache',
        'Searched for the function public.add_them with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        'Perhaps you meant to call the function public.add_them(a, b)',
      ),
    });
  });

  it('a JSON array body calls the function with its first object', async () => {
    expect(answer(await postJson('/rpc/add_them', [{ a: 1, b: 2 }, { a: 4, b: 6 }, { a: 100, b: 200 }]))).toEqual(ok(3));
  });

  it('polymorphic parameters: untyped text from a query string, json_to_record’s refusal for a JSON body', async () => {
    expect(answer(await backend.get('/rpc/echo_any?v=1'))).toEqual({
      status: 400,
      body: pgrstError('42804', 'could not determine polymorphic type because input has type unknown'),
    });
    expect(answer(await postJson('/rpc/echo_any', { v: 1 }))).toEqual({
      status: 400,
      body: pgrstError('42P16', 'column "v" has pseudo-type anyelement'),
    });
  });
});

describe('a single unnamed parameter takes the raw POST body', () => {
  it('json: the whole body is the argument', async () => {
    expect(answer(await postJson('/rpc/unnamed_json_param', { A: 1, B: 2, C: 3 }))).toEqual(ok({ A: 1, B: 2, C: 3 }));
  });

  it('json: a named parameter is not a fallback (404 PGRST202, hint null)', async () => {
    expect(answer(await postJson('/rpc/named_json_param', { A: 1, B: 2, C: 3 }))).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.named_json_param(A, B, C) in the schema cache',
        'Searched for the function public.named_json_param with parameters A, B, C or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        null,
      ),
    });
  });

  it('text: Content-Type text/plain', async () => {
    const res = await backend.rest('POST', '/rpc/unnamed_text_param', { headers: { 'Content-Type': 'text/plain' }, body: 'unnamed text arg' });
    expect(answer(res)).toEqual(ok('unnamed text arg'));
  });

  it('xml: Content-Type text/xml', async () => {
    const xml = '<note><from>John</from><to>Jane</to><message>Remember me</message></note>';
    const res = await backend.rest('POST', '/rpc/unnamed_xml_param', { headers: { 'Content-Type': 'text/xml' }, body: xml });
    expect(answer(res)).toEqual(ok(xml));
  });

  it('bytea: Content-Type application/octet-stream, every byte as sent', async () => {
    const bytes = new Uint8Array([0, 1, 2, 0x7f, 0x80, 0xfe, 0xff]);
    const res = await backend.rest('POST', '/rpc/unnamed_bytea_param', { headers: { 'Content-Type': 'application/octet-stream' }, body: bytes });
    expect(answer(res)).toEqual(ok('0001027f80feff'));
  });

  it('int: not callable with a raw body; 404 PGRST202 says which single parameter was searched', async () => {
    const text = await backend.rest('POST', '/rpc/unnamed_int_param', { headers: { 'Content-Type': 'text/plain' }, body: 'a simple text' });
    expect(answer(text)).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.unnamed_int_param in the schema cache',
        'Searched for the function public.unnamed_int_param with a single unnamed text parameter, but no matches were found in the schema cache.',
        null,
      ),
    });
    const bytea = await backend.rest('POST', '/rpc/unnamed_int_param', { headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([1, 2]) });
    expect(answer(bytea)).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.unnamed_int_param in the schema cache',
        'Searched for the function public.unnamed_int_param with a single unnamed bytea parameter, but no matches were found in the schema cache.',
        null,
      ),
    });
  });


  it('int: a JSON body is read as named arguments, and the hint names the closest function', async () => {
    expect(answer(await postJson('/rpc/unnamed_int_param', { x: 1, y: 2 }))).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.unnamed_int_param(x, y) in the schema cache',
        'Searched for the function public.unnamed_int_param with parameters x, y or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        'Perhaps you meant to call the function public.unnamed_text_param',
      ),
    });
  });

  it('beside named overloads: named arguments first, the unnamed one as the fallback (json, text)', async () => {
    expect(answer(await postJson('/rpc/overloaded_unnamed_param', {}))).toEqual(ok(1));
    expect(answer(await postJson('/rpc/overloaded_unnamed_param', { x: 1, y: 2 }))).toEqual(ok(3));
    expect(answer(await postJson('/rpc/overloaded_unnamed_param', { A: 1, B: 2, C: 3 }))).toEqual(ok({ A: 1, B: 2, C: 3 }));
    const text = await backend.rest('POST', '/rpc/overloaded_unnamed_param', { headers: { 'Content-Type': 'text/plain' }, body: 'unnamed text arg' });
    expect(answer(text)).toEqual(ok('text unnamed text arg'));
  });

  it('beside named overloads: the bytea one for application/octet-stream', async () => {
    const bytea = await backend.rest('POST', '/rpc/overloaded_unnamed_param', { headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([0xca, 0xfe]) });
    expect(answer(bytea)).toEqual(ok('bytea cafe'));
  });

  it('a GET never falls back to the unnamed parameter, whatever its Content-Type', async () => {
    expect(answer(await backend.get('/rpc/overloaded_unnamed_param', { 'Content-Type': 'text/plain' }))).toEqual(ok(1));
    expect(answer(await backend.get('/rpc/overloaded_unnamed_param', { 'Content-Type': 'application/octet-stream' }))).toEqual(ok(1));
  });


  it('a Content-Type with no unnamed form (text/csv) is read as named arguments', async () => {
    const res = await backend.rest('POST', '/rpc/overloaded_unnamed_param', { headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n1,2\n4,6\n100,200' });
    expect(answer(res)).toEqual({
      status: 404,
      body: pgrstError(
        'PGRST202',
        'Could not find the function public.overloaded_unnamed_param(a, b) in the schema cache',
        'Searched for the function public.overloaded_unnamed_param with parameters a, b, but no matches were found in the schema cache.',
        'Perhaps you meant to call the function public.overloaded_unnamed_param(x, y)',
      ),
    });
  });

  it('json and jsonb unnamed overloads are ambiguous (300 PGRST203)', async () => {
    expect(answer(await postJson('/rpc/overloaded_unnamed_json_jsonb_param', { A: 1, B: 2, C: 3 }))).toEqual({
      status: 300,
      body: pgrstError(
        'PGRST203',
        'Could not choose the best candidate function between: public.overloaded_unnamed_json_jsonb_param( => json), public.overloaded_unnamed_json_jsonb_param( => jsonb)',
        null,
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      ),
    });
  });
});

describe('a row-type argument', () => {
  it('takes a JSON object (POST) or a record literal (GET)', async () => {
    expect(answer(await postJson('/rpc/project_label', { p: { id: 1, name: 'Windows 7', client_id: 1 } }))).toEqual(ok('Windows 7 #1'));
    expect(answer(await backend.get('/rpc/project_label?p=(3,%22IOS%22,2)'))).toEqual(ok('IOS #3'));
  });
});

describe('results', () => {
  it('a function returning one row answers an object, with embeds', async () => {
    const project = { id: 1, name: 'Windows 7', client_id: 1 };
    expect(answer(await postJson('/rpc/get_project', { id: 1 }))).toEqual(ok(project));
    expect(answer(await backend.get('/rpc/get_project?id=1'))).toEqual(ok(project));
    expect(answer(await backend.get('/rpc/get_project?id=1&select=id,name,client:clients(id),tasks(id)'))).toEqual(ok({
      id: 1, name: 'Windows 7', client: { id: 1 }, tasks: [{ id: 1 }, { id: 2 }],
    }));
  });

  it('a set-returning function answers an array, embedded like its table', async () => {
    expect(answer(await backend.get('/rpc/getproject?id=1'))).toEqual(ok([{ id: 1, name: 'Windows 7', client_id: 1 }]));
    expect(answer(await backend.get('/rpc/get_projects?select=name,clients(name)'))).toEqual(ok([
      { name: 'Windows 7', clients: { name: 'Microsoft' } },
      { name: 'Windows 10', clients: { name: 'Microsoft' } },
      { name: 'IOS', clients: { name: 'Apple' } },
      { name: 'OSX', clients: { name: 'Apple' } },
      { name: 'Orphan', clients: null },
    ]));
    expect(answer(await postJson('/rpc/getproject?select=id,name,client:clients(id),tasks(id)', { id: 1 }))).toEqual(ok([
      { id: 1, name: 'Windows 7', client: { id: 1 }, tasks: [{ id: 1 }, { id: 2 }] },
    ]));
  });

  it('filters, limits and offsets a set with an open Content-Range', async () => {
    const res = await backend.get('/rpc/get_projects?id=gt.1&id=lt.5&select=id&limit=2&offset=1');
    expect(answer(res)).toEqual(ok([{ id: 3 }, { id: 4 }]));
    expect(res.headers.get('content-range')).toBe('1-2/*');
  });
});

describe('Prefer: count=exact', () => {
  const exact = { Prefer: 'count=exact' };

  it('gives a set’s total on HEAD, also through an !inner embed', async () => {
    const all = await backend.rest('HEAD', '/rpc/get_projects', { headers: exact });
    expect({ status: all.status, range: all.headers.get('content-range'), body: all.text }).toEqual({ status: 200, range: '0-4/5', body: '' });
    const inner = await backend.rest('HEAD', '/rpc/get_projects?select=*,clients!inner(*)&clients.id=eq.1', { headers: exact });
    expect({ status: inner.status, range: inner.headers.get('content-range') }).toEqual({ status: 200, range: '0-1/2' });
  });

  it('answers 206 for a page smaller than the total (GET, POST and HEAD)', async () => {
    const get = await backend.get('/rpc/getitemrange?min=2&max=4&limit=1&offset=1', exact);
    expect(answer(get)).toEqual({ status: 206, body: [{ id: 4 }] });
    expect(get.headers.get('content-range')).toBe('1-1/2');
    const post = await postJson('/rpc/getitemrange?limit=1&offset=1', { min: 2, max: 4 }, exact);
    expect(answer(post)).toEqual({ status: 206, body: [{ id: 4 }] });
    expect(post.headers.get('content-range')).toBe('1-1/2');
    const head = await backend.rest('HEAD', '/rpc/getitemrange?min=2&max=4&limit=1&offset=1', { headers: exact });
    expect({ status: head.status, range: head.headers.get('content-range') }).toEqual({ status: 206, range: '1-1/2' });
    const uncounted = await backend.get('/rpc/getitemrange?min=2&max=4&limit=1&offset=1');
    expect({ status: uncounted.status, range: uncounted.headers.get('content-range') }).toEqual({ status: 200, range: '1-1/*' });
  });

  it('counts a scalar result as one row', async () => {
    const res = await backend.get('/rpc/add_them?a=3&b=4', exact);
    expect(answer(res)).toEqual(ok(7));
    expect(res.headers.get('content-range')).toBe('0-0/1');
  });
});

describe('Prefer: max-affected with handling=strict on a volatile function', () => {
  async function itemCount(): Promise<number> {
    const { rows } = await backend.ctx.db.query<{ n: number }>('select count(*)::int as n from public.items');
    return rows[0].n;
  }
  async function restoreItems(): Promise<void> {
    await backend.ctx.db.exec('insert into public.items select generate_series(1, 15) on conflict do nothing');
  }

  it('answers 400 PGRST124 past the limit and rolls the call back (SETOF and TABLE)', async () => {
    await restoreItems();
    for (const fn of ['delete_items_returns_setof', 'delete_items_returns_table']) {
      const res = await postJson(`/rpc/${fn}`, {}, { Prefer: 'handling=strict, max-affected=10' });
      expect(answer(res), fn).toEqual({
        status: 400,
        body: pgrstError('PGRST124', 'Query result exceeds max-affected preference constraint', 'The query affects 15 rows'),
      });
      expect(await itemCount(), fn).toBe(15);
    }
  });

  it('answers the rows within the limit and says it applied both preferences', async () => {
    await restoreItems();
    const res = await postJson('/rpc/delete_items_returns_setof', {}, { Prefer: 'handling=strict, max-affected=20' });
    expect(answer(res)).toEqual(ok(Array.from({ length: 15 }, (_, i) => ({ id: i + 1 }))));
    expect(res.headers.get('preference-applied')).toBe('handling=strict, max-affected=20');
    expect(await itemCount()).toBe(0);
    await restoreItems();
  });

  it('ignores the limit with handling=lenient', async () => {
    await restoreItems();
    const res = await postJson('/rpc/delete_items_returns_table', {}, { Prefer: 'handling=lenient, max-affected=10' });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('handling=lenient');
    expect(await itemCount()).toBe(0);
    await restoreItems();
  });

  it('refuses a function that does not return a set (400 PGRST128), calling nothing', async () => {
    await restoreItems();
    const res = await postJson('/rpc/delete_items_returns_void', {}, { Prefer: 'handling=strict, max-affected=20' });
    expect(answer(res)).toEqual({
      status: 400,
      body: pgrstError('PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'),
    });
    expect(await itemCount()).toBe(15);
  });
});
