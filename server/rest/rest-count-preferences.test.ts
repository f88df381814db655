import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFidelityBackend, type FidelityBackend } from './testing/fidelity-backend.ts';

// Prefer: count=planned | estimated as PostgREST 12–14 answers it (MainTx.hs / Query.hs): planned
// is the planner's "Plan Rows" for the count query (EXPLAIN (FORMAT JSON) select 1 from … where …);
// estimated counts exactly up to db-max-rows (1000 here, as on hosted Supabase) and past it takes
// the larger of that count and the plan; functions are never EXPLAINed. Statuses follow
// RangeQuery.rangeStatus: 416 past the total, 206 when the page is smaller than it, else 200.

let backend: FidelityBackend;

/** What the planner says about a count query, read the way the server reads it. */
async function planRows(countSql: string): Promise<number> {
  const { rows } = await backend.ctx.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`explain (format json) ${countSql}`);
  return rows[0]['QUERY PLAN'][0].Plan['Plan Rows'];
}

beforeAll(async () => {
  backend = await createFidelityBackend();
  // 50 rows the statistics know about, then 10 they do not: the planner keeps saying 50.
  await backend.ctx.db.exec(`insert into public.count_rows select generate_series(1, 50); analyze public.count_rows;`);
  await backend.ctx.db.exec(`insert into public.count_rows select generate_series(51, 60);`);
});

afterAll(() => backend.close());

const prefer = (value: string): Record<string, string> => ({ Prefer: value });

describe('count=planned', () => {
  it('gives the planner’s estimate as the total, 206 when it exceeds the page (GET and HEAD)', async () => {
    const planned = await planRows('select 1 from public.count_rows');
    expect(planned).toBe(50);
    for (const method of ['GET', 'HEAD']) {
      const res = await backend.rest(method, '/count_rows?order=n&limit=10', prefer('count=planned'));
      expect(res.status, method).toBe(206);
      expect(res.headers.get('content-range')).toBe('0-9/50');
      expect(res.headers.get('preference-applied')).toBe('count=planned');
      expect(res.text).toBe(method === 'HEAD' ? '' : JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ n: i + 1 }))).replaceAll('},{', '}, \n {'));
    }
  });

  it('keeps the estimate even when the page holds more rows than it (200), unlike count=exact', async () => {
    const planned = await backend.rest('HEAD', '/count_rows', prefer('count=planned'));
    expect(planned.status).toBe(200);
    expect(planned.headers.get('content-range')).toBe('0-59/50');
    const exact = await backend.rest('HEAD', '/count_rows', prefer('count=exact'));
    expect(exact.status).toBe(200);
    expect(exact.headers.get('content-range')).toBe('0-59/60');
  });

  it('estimates filtered counts from the statistics', async () => {
    const planned = await planRows('select 1 from public.count_rows where n > 45');
    const res = await backend.rest('HEAD', '/count_rows?n=gt.45&limit=1', prefer('count=planned'));
    expect(res.status).toBe(planned > 1 ? 206 : 200);
    expect(res.headers.get('content-range')).toBe(`0-0/${planned}`);
  });

  it('answers 416 for an offset past the estimate, as PostgREST does, even when rows are there', async () => {
    const res = await backend.rest('GET', '/count_rows?offset=55', prefer('count=planned'));
    expect(res.status).toBe(416);
    // The range is the rows the page did find; only the status says the offset is past the total.
    expect(res.headers.get('content-range')).toBe('55-59/50');
    expect(JSON.parse(res.text)).toEqual({
      code: 'PGRST103',
      details: 'An offset of 55 was requested, but there are only 50 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('gives functions no total (PostgREST never EXPLAINs a call)', async () => {
    const res = await backend.rest('GET', '/rpc/count_rows_upto?hi=5&limit=2', prefer('count=planned'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/*');
    expect(res.headers.get('preference-applied')).toBe('count=planned');
  });
});

describe('count=estimated', () => {
  it('counts exactly below db-max-rows (tables and functions)', async () => {
    const table = await backend.rest('HEAD', '/count_rows?limit=10', prefer('count=estimated'));
    expect(table.status).toBe(206);
    expect(table.headers.get('content-range')).toBe('0-9/60');
    expect(table.headers.get('preference-applied')).toBe('count=estimated');
    const call = await backend.rest('GET', '/rpc/count_rows_upto?hi=5&limit=2', prefer('count=estimated'));
    expect(call.status).toBe(206);
    expect(call.headers.get('content-range')).toBe('0-1/5');
  });

  it('past db-max-rows, takes the larger of the capped count and the planner’s estimate', async () => {
    await backend.ctx.db.exec(`insert into public.count_rows select generate_series(61, 3000); analyze public.count_rows;`);
    await backend.ctx.db.exec(`delete from public.count_rows where n > 2000;`);
    // The statistics still say 3000 rows; the capped count stops at 1001.
    const planned = await planRows('select 1 from public.count_rows');
    expect(planned).toBe(3000);
    const res = await backend.rest('HEAD', '/count_rows?limit=10', prefer('count=estimated'));
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-9/3000');
    const filtered = await planRows('select 1 from public.count_rows where n <= 1500');
    const capped = await backend.rest('HEAD', '/count_rows?n=lte.1500&limit=10', prefer('count=estimated'));
    expect(capped.headers.get('content-range')).toBe(`0-9/${Math.max(1001, filtered)}`);
    const exact = await backend.rest('HEAD', '/count_rows?limit=10', prefer('count=exact'));
    expect(exact.headers.get('content-range')).toBe('0-9/2000');
  });
});

describe('counts on writes', () => {
  it('reports a total for count=exact and count=estimated only', async () => {
    const post = (count: string) =>
      backend.rest('POST', '/count_rows', { 'Content-Type': 'application/json', Prefer: `count=${count}, tx=rollback` }, '[{"n":-1},{"n":-2}]');
    expect((await post('exact')).headers.get('content-range')).toBe('*/2');
    expect((await post('estimated')).headers.get('content-range')).toBe('*/2');
    const planned = await post('planned');
    expect(planned.status).toBe(201);
    expect(planned.headers.get('content-range')).toBe('*/*');
    expect(planned.headers.get('preference-applied')).toBe('count=planned, tx=rollback');
  });
});
