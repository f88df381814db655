import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, pgrstError, type SpecBackend } from './spec-backend.ts';

// Aggregate functions in select, as PostgREST 12–14 answers them (AggregateFunctionsSpec.hs):
// off by default (400 PGRST123); on with db-aggregates-enabled, which Supabase sets in the
// database as PostgREST's in-database configuration reads it, a `pgrst.` setting on the
// authenticator role picked up on `NOTIFY pgrst, 'reload config'`. The columns selected beside
// an aggregate are its GROUP BY.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });
const NOT_ALLOWED = { status: 400, body: pgrstError('PGRST123', 'Use of aggregate functions is not allowed') };

/** Rows sorted by a key, for groups PostgREST answers in no stated order. */
function sortedBy(rows: unknown, key: string): unknown {
  if (!Array.isArray(rows)) return rows;
  return [...(rows as Record<string, unknown>[])].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
}

describe('aggregates disabled (the default)', () => {
  it('refuse aggregates at the top level', async () => {
    expect(answer(await backend.get('/project_invoices?select=invoice_total.sum()'))).toEqual(NOT_ALLOWED);
    expect(answer(await backend.get('/entities?select=count()'))).toEqual(NOT_ALLOWED);
  });

  it('still count with the old bare `count` column, which is Postgres’ count of the row, not an aggregate to PostgREST', async () => {
    expect(answer(await backend.get('/entities?select=count'))).toEqual(ok([{ count: 4 }]));
    expect(answer(await backend.get('/clients?select=name,projects(count)'))).toEqual(ok([
      { name: 'Microsoft', projects: [{ count: 2 }] }, { name: 'Apple', projects: [{ count: 2 }] },
    ]));
  });

  it('refuse aggregates in embeds and in to-one and to-many spreads', async () => {
    expect(answer(await backend.get('/projects?select=name,project_invoices(invoice_total.sum())'))).toEqual(NOT_ALLOWED);
    expect(answer(await backend.get('/project_invoices?select=...projects(id.count())'))).toEqual(NOT_ALLOWED);
    expect(answer(await backend.get('/factories?select=...processes(id.count())'))).toEqual(NOT_ALLOWED);
  });
});

describe('aggregates enabled (pgrst.db_aggregates_enabled on the authenticator role)', () => {
  beforeAll(async () => {
    await backend.ctx.db.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`);
  });

  describe('count() without a column', () => {
    it('counts all rows, with an alias or a cast', async () => {
      expect(answer(await backend.get('/entities?select=count()'))).toEqual(ok([{ count: 4 }]));
      expect(answer(await backend.get('/entities?select=cnt:count()'))).toEqual(ok([{ cnt: 4 }]));
      expect(answer(await backend.get('/entities?select=count()::text'))).toEqual(ok([{ count: '4' }]));
      expect(answer(await backend.get('/projects?select=count()&client_id=eq.1'))).toEqual(ok([{ count: 2 }]));
    });

    it('at the top level beside embeds, groups by each embed’s value as PostgREST does', async () => {
      expect(answer(await backend.get('/clients?select=count(),projects(count())'))).toEqual(ok([{ count: 2, projects: [{ count: 2 }] }]));
      expect(answer(await backend.get('/projects?select=client_id,count(),clients(name)&order=client_id'))).toEqual(ok([
        { client_id: 1, count: 2, clients: { name: 'Microsoft' } },
        { client_id: 2, count: 2, clients: { name: 'Apple' } },
        { client_id: null, count: 1, clients: null },
      ]));
    });

    it('ungrouped columns fail as PostgREST’s statement does, naming its aliases', async () => {
      const ungrouped = (column: string) =>
        ({ status: 400, body: pgrstError('42803', `column "${column}" must appear in the GROUP BY clause or be used in an aggregate function`) });
      expect(answer(await backend.get('/clients?select=name,projects(count())&projects.order=name'))).toEqual(ungrouped('projects_1.name'));
      expect(answer(await backend.get('/entities?select=count,name'))).toEqual(ungrouped('entities.name'));
      expect(answer(await backend.get('/entities?select=count()&order=name'))).toEqual(ungrouped('entities.name'));
    });

    it('groups by the other selected columns', async () => {
      expect(answer(await backend.get('/projects?select=c:count(),client_id&order=client_id.desc'))).toEqual(ok([
        { c: 1, client_id: null }, { c: 2, client_id: 2 }, { c: 2, client_id: 1 },
      ]));
    });


    it('keeps the old bare `count` column, also inside an embed', async () => {
      expect(answer(await backend.get('/entities?select=count'))).toEqual(ok([{ count: 4 }]));
      expect(answer(await backend.get('/clients?select=name,projects(count)'))).toEqual(ok([
        { name: 'Microsoft', projects: [{ count: 2 }] }, { name: 'Apple', projects: [{ count: 2 }] },
      ]));
    });
  });

  describe('sum, avg, min, max and count of a column', () => {
    it('aggregate the whole table', async () => {
      expect(answer(await backend.get('/project_invoices?select=invoice_total.sum()'))).toEqual(ok([{ sum: 8800 }]));
      expect(answer(await backend.get('/project_invoices?select=invoice_total.min()'))).toEqual(ok([{ min: 100 }]));
      expect(answer(await backend.get('/project_invoices?select=invoice_total.max()'))).toEqual(ok([{ max: 4000 }]));
      expect(answer(await backend.get('/project_invoices?select=invoice_total.count()'))).toEqual(ok([{ count: 8 }]));
    });

    it('answers avg of a numeric with Postgres’ scale, as written by json_agg', async () => {
      const res = await backend.get('/project_invoices?select=invoice_total.avg()');
      expect(answer(res)).toEqual(ok([{ avg: 1100 }]));
      expect(res.text.replace(/\s/g, '')).toBe('[{"avg":1100.0000000000000000}]');
    });

    it('group by the other selected columns, aliased or not', async () => {
      expect(answer(await backend.get('/project_invoices?select=invoice_total.sum(),invoice_total.max(),invoice_total.min(),project_id&order=project_id.desc'))).toEqual(ok([
        { sum: 4100, max: 4000, min: 100, project_id: 4 },
        { sum: 3200, max: 2000, min: 1200, project_id: 3 },
        { sum: 1200, max: 700, min: 500, project_id: 2 },
        { sum: 300, max: 200, min: 100, project_id: 1 },
      ]));
      expect(answer(await backend.get('/project_invoices?select=invoice_total.sum(),invoice_total.max(),invoice_total.min(),pid:project_id&order=project_id.desc'))).toEqual(ok([
        { sum: 4100, max: 4000, min: 100, pid: 4 },
        { sum: 3200, max: 2000, min: 1200, pid: 3 },
        { sum: 1200, max: 700, min: 500, pid: 2 },
        { sum: 300, max: 200, min: 100, pid: 1 },
      ]));
    });

    it('take an alias and a cast of the result', async () => {
      expect(answer(await backend.get('/project_invoices?select=total_charged:invoice_total.sum(),project_id&order=project_id.desc'))).toEqual(ok([
        { total_charged: 4100, project_id: 4 }, { total_charged: 3200, project_id: 3 },
        { total_charged: 1200, project_id: 2 }, { total_charged: 300, project_id: 1 },
      ]));
      expect(answer(await backend.get('/project_invoices?select=total_charged:invoice_total.sum()::text,project_id&order=project_id.desc'))).toEqual(ok([
        { total_charged: '4100', project_id: 4 }, { total_charged: '3200', project_id: 3 },
        { total_charged: '1200', project_id: 2 }, { total_charged: '300', project_id: 1 },
      ]));
    });

    it('take a cast of the argument, with an alias and a cast of the result', async () => {
      expect(answer(await backend.get('/trash_details?select=jsonb_col->>key::integer.sum()'))).toEqual(ok([{ sum: 24 }]));
      expect(answer(await backend.get('/trash_details?select=s:jsonb_col->>key::integer.sum()::text'))).toEqual(ok([{ s: '24' }]));
    });

    it('work on a function’s rows', async () => {
      expect(answer(await backend.get('/rpc/get_projects?select=id.max()'))).toEqual(ok([{ max: 5 }]));
    });

    it('group by an embedded to-one relationship as well', async () => {
      expect(answer(await backend.get('/project_invoices?select=project_id,total:invoice_total.sum(),projects(name)&order=project_id'))).toEqual(ok([
        { project_id: 1, total: 300, projects: { name: 'Windows 7' } },
        { project_id: 2, total: 1200, projects: { name: 'Windows 10' } },
        { project_id: 3, total: 3200, projects: { name: 'IOS' } },
        { project_id: 4, total: 4100, projects: { name: 'OSX' } },
      ]));
    });
  });

  describe('inside embeds and spreads', () => {
    it('aggregate each parent’s children, null (count 0) without children', async () => {
      expect(answer(await backend.get('/projects?select=name,project_invoices(invoice_total.sum())'))).toEqual(ok([
        { name: 'Windows 7', project_invoices: [{ sum: 300 }] },
        { name: 'Windows 10', project_invoices: [{ sum: 1200 }] },
        { name: 'IOS', project_invoices: [{ sum: 3200 }] },
        { name: 'OSX', project_invoices: [{ sum: 4100 }] },
        { name: 'Orphan', project_invoices: [{ sum: null }] },
      ]));
      expect(answer(await backend.get('/projects?select=name,project_invoices(invoice_total.max(),invoice_total.min(),invoice_total.avg(),invoice_total.sum(),invoice_total.count())'))).toEqual(ok([
        { name: 'Windows 7', project_invoices: [{ avg: 150, max: 200, min: 100, sum: 300, count: 2 }] },
        { name: 'Windows 10', project_invoices: [{ avg: 600, max: 700, min: 500, sum: 1200, count: 2 }] },
        { name: 'IOS', project_invoices: [{ avg: 1600, max: 2000, min: 1200, sum: 3200, count: 2 }] },
        { name: 'OSX', project_invoices: [{ avg: 2050, max: 4000, min: 100, sum: 4100, count: 2 }] },
        { name: 'Orphan', project_invoices: [{ avg: null, max: null, min: null, sum: null, count: 0 }] },
      ]));
    });


    it('aggregate over to-one spreads, grouped by another spread’s column', async () => {
      const res = await backend.get('/processes?select=...process_costs(cost.sum()),...process_categories(name)');
      expect(res.status).toBe(200);
      expect(sortedBy(res.json(), 'name')).toEqual([{ sum: 400, name: 'Batch' }, { sum: 350, name: 'Mass' }]);
      const aliased = await backend.get('/processes?select=...process_costs(cost_sum:cost.sum()),...process_categories(category:name)');
      expect(aliased.status).toBe(200);
      expect(sortedBy(aliased.json(), 'category')).toEqual([{ cost_sum: 400, category: 'Batch' }, { cost_sum: 350, category: 'Mass' }]);
    });


    it('aggregate a to-one spread on its own', async () => {
      expect(answer(await backend.get('/project_invoices?select=...projects(id.count())'))).toEqual(ok([{ count: 8 }]));
    });

    it('refuse aggregates in a to-many spread (PGRST127)', async () => {
      expect(answer(await backend.get('/factories?select=name,...processes(category_id,id.sum())'))).toEqual({
        status: 400,
        body: pgrstError('PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.'),
      });
    });
  });
});
