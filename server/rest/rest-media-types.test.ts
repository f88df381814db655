import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFidelityBackend, type FidelityBackend } from './testing/fidelity-backend.ts';

// Expected answers are PostgREST 12–14's (test/spec/Feature/Query/QuerySpec.hs "Accept headers",
// NullsStripSpec.hs, RpcSpec.hs "returns CSV", its MediaType.hs and SqlFragment.hs), for the rows
// of testing/fidelity-project.

let backend: FidelityBackend;

beforeAll(async () => {
  backend = await createFidelityBackend();
});

afterAll(() => backend.close());

const accept = (value: string): Record<string, string> => ({ Accept: value });
const JSON_TYPE = 'application/json; charset=utf-8';

/** The three books as PostgREST's CSV: Postgres' record text per line, so its quoting rules. */
const BOOKS_CSV = ['id,title,note,price,tags', '1,Plain,,12.50,"{a,b}"', '2,"Comma, ""quoted""","has\nnewline",,', '3,"",x,3.00,{}'].join('\n');

describe('Accept: text/csv', () => {
  it('answers a table as CSV: a header row, one line per row, Postgres record quoting', async () => {
    const res = await backend.rest('GET', '/media_books?order=id', accept('text/csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('0-2/*');
    expect(res.text).toBe(BOOKS_CSV);
  });

  it('takes media type parameters and q-values as PostgREST does', async () => {
    expect((await backend.rest('GET', '/media_books?order=id', accept('text/csv; version=1'))).text).toBe(BOOKS_CSV);
    expect((await backend.rest('GET', '/media_books?order=id', accept('text/csv, application/json'))).headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await backend.rest('GET', '/media_books?order=id', accept('text/csv, */*'))).headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await backend.rest('GET', '/media_books?order=id', accept('application/json;q=0.5, text/csv'))).headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await backend.rest('GET', '/media_books?order=id', accept('text/csv;q=0.1, application/json'))).headers.get('content-type')).toBe(JSON_TYPE);
    expect((await backend.rest('GET', '/media_books?order=id', accept('text/unknowntype, */*'))).headers.get('content-type')).toBe(JSON_TYPE);
  });

  it('names the selected columns, aliases included, for views; an empty result is one line break', async () => {
    const view = await backend.rest('GET', '/media_books_cheap?select=id,name:title&order=id', accept('text/csv'));
    expect(view.text).toBe('id,name\n1,Plain\n3,""');
    const none = await backend.rest('GET', '/media_books?id=eq.99', accept('text/csv'));
    expect(none.status).toBe(200);
    expect(none.text).toBe('\n');
    expect(none.headers.get('content-range')).toBe('*/*');
  });

  it('answers set-returning functions as CSV by GET, POST and HEAD', async () => {
    const byGet = await backend.rest('GET', '/rpc/media_books_between?lo=1&hi=2&select=id,title', accept('text/csv'));
    expect(byGet.status).toBe(200);
    expect(byGet.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(byGet.text).toBe('id,title\n1,Plain\n2,"Comma, ""quoted"""');
    const byPost = await backend.rest('POST', '/rpc/media_books_between?select=id', { ...accept('text/csv'), 'Content-Type': 'application/json' }, '{"lo":2,"hi":3}');
    expect(byPost.text).toBe('id\n2\n3');
    const byHead = await backend.rest('HEAD', '/rpc/media_books_between?lo=1&hi=2', accept('text/csv'));
    expect(byHead.status).toBe(200);
    expect(byHead.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(byHead.text).toBe('');
  });

  it('answers HEAD with the CSV type and no body', async () => {
    const res = await backend.rest('HEAD', '/media_books', accept('text/csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('');
  });
});

describe('nulls=stripped', () => {
  it('drops null-valued keys from arrays (also spelled application/vnd.pgrst.array)', async () => {
    for (const type of ['application/vnd.pgrst.array+json;nulls=stripped', 'application/vnd.pgrst.array;nulls=stripped']) {
      const res = await backend.rest('GET', '/media_books?order=id', accept(type));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
      expect(JSON.parse(res.text)).toEqual([
        { id: 1, title: 'Plain', price: 12.5, tags: ['a', 'b'] },
        { id: 2, title: 'Comma, "quoted"', note: 'has\nnewline' },
        { id: 3, title: '', note: 'x', price: 3, tags: [] },
      ]);
    }
  });

  it('keeps nulls for application/vnd.pgrst.array+json without the parameter (plain JSON)', async () => {
    const res = await backend.rest('GET', '/media_books?select=id,note&id=eq.1', accept('application/vnd.pgrst.array+json'));
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(res.text).toBe('[{"id":1,"note":null}]');
  });

  it('strips the singular object, and refuses more than one row with PGRST116', async () => {
    const one = await backend.rest('GET', '/media_books?id=eq.2', accept('application/vnd.pgrst.object+json;nulls=stripped'));
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8');
    expect(JSON.parse(one.text)).toEqual({ id: 2, title: 'Comma, "quoted"', note: 'has\nnewline' });
    const many = await backend.rest('GET', '/media_books', accept('application/vnd.pgrst.object+json;nulls=stripped'));
    expect(many.status).toBe(406);
    expect(JSON.parse(many.text)).toEqual({ code: 'PGRST116', details: 'The result contains 3 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' });
  });

  it('strips the representation of a write', async () => {
    const res = await backend.rest(
      'POST',
      '/media_books?select=id,note,price',
      { ...accept('application/vnd.pgrst.array+json;nulls=stripped'), 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' },
      '{"id":7,"title":"t","note":null,"price":null}',
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(res.text).toBe('[{"id":7}]');
  });
});

describe('media types PostgREST does not produce here', () => {
  const unavailable = (types: string) => ({ code: 'PGRST107', details: null, hint: null, message: `None of these media types are available: ${types}` });

  it('answers EXPLAIN plan types with 406, as PostgREST with db-plan-enabled off (its default, and hosted Supabase’s)', async () => {
    const cases: [string, string][] = [
      ['application/vnd.pgrst.plan', 'application/vnd.pgrst.plan+text; for="application/json"'],
      ['application/vnd.pgrst.plan+text', 'application/vnd.pgrst.plan+text; for="application/json"'],
      ['application/vnd.pgrst.plan+json', 'application/vnd.pgrst.plan+json; for="application/json"'],
      ['application/vnd.pgrst.plan+json; for="text/csv"; options=verbose|analyze', 'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose'],
    ];
    for (const [type, named] of cases) {
      for (const path of ['/media_books', '/rpc/media_books_between?lo=1&hi=3']) {
        const res = await backend.rest('GET', path, accept(type));
        expect(res.status, `${type} ${path}`).toBe(406);
        expect(res.headers.get('content-type')).toBe(JSON_TYPE);
        expect(JSON.parse(res.text)).toEqual(unavailable(named));
      }
    }
  });

  it('falls through to the next acceptable type when a plan is not available', async () => {
    const res = await backend.rest('GET', '/media_books?select=id&order=id', accept('application/vnd.pgrst.plan+json, application/json'));
    expect(res.status).toBe(200);
    // json_agg's own text, separators included, as PostgREST sends it.
    expect(res.text).toBe('[{"id":1}, \n {"id":2}, \n {"id":3}]');
  });

  it('refuses unknown types with PostgREST’s 406, naming each in its order of preference', async () => {
    const cases: [string, string][] = [
      ['text/unknowntype', 'text/unknowntype'],
      ['undefined', 'undefined'],
      ['text/plain', 'text/plain'],
      ['application/octet-stream', 'application/octet-stream'],
      ['text/plain;q=0.2, text/xml', 'text/xml, text/plain'],
      ['', ''],
    ];
    for (const [type, named] of cases) {
      const res = await backend.rest('GET', '/media_books', accept(type));
      expect(res.status, type).toBe(406);
      expect(JSON.parse(res.text)).toEqual(unavailable(named));
    }
  });

  it('answers GeoJSON through PostGIS, so without it with Postgres’ own error, as a hosted project without PostGIS', async () => {
    const res = await backend.rest('GET', '/media_books', accept('application/geo+json'));
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ code: '42883', message: 'function st_asgeojson(record) does not exist' });
  });
});

describe('read headers', () => {
  it('sets Content-Location to the table and its query string sorted, repeated keys joined', async () => {
    const res = await backend.rest('GET', '/media_books?select=id&order=id&id=gt.0&id=lt.3&title=not.eq.a%20b');
    expect(res.headers.get('content-location')).toBe('/media_books?id=gt.0,lt.3&order=id&select=id&title=not.eq.a%20b');
    expect((await backend.rest('GET', '/media_books')).headers.get('content-location')).toBe('/media_books');
  });

  it('reports the applied count preference in Preference-Applied', async () => {
    const res = await backend.rest('GET', '/media_books?limit=1', { Prefer: 'count=exact' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-0/3');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
  });

  it('refuses unknown preferences with handling=strict (PGRST122)', async () => {
    const res = await backend.rest('GET', '/media_books', { Prefer: 'handling=strict, anything' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ code: 'PGRST122', details: 'Invalid preferences: anything', hint: null, message: 'Invalid preferences given with handling=strict' });
  });
});
