import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, pgrstError, type SpecBackend } from './spec-backend.ts';

// EXPLAIN through the plan media type, as PostgREST 12–14 answers it (PlanSpec.hs; MediaType.hs,
// Query/SqlFragment.hs explainF): off by default (406 PGRST107, as on hosted Supabase); on with
// db-plan-enabled, which Supabase sets in the database like the other in-database settings
// (`alter role authenticator set pgrst.db_plan_enabled to true`, picked up on reload). The body is
// Postgres' EXPLAIN of the statement that would have answered, in its JSON or text format, with the
// options of the media type; the Content-Type names the plan type with its `for` and options.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const plan = (path: string, accept: string, method = 'GET', body?: unknown) =>
  backend.rest(method, path, {
    headers: { Accept: accept, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const notAvailable = (accept: string) => ({ status: 406, body: pgrstError('PGRST107', `None of these media types are available: ${accept}`) });

describe('db-plan-enabled off (the default)', () => {
  it('answers 406 PGRST107 for reads, functions and writes', async () => {
    const text = 'application/vnd.pgrst.plan+text; for="application/json"';
    expect(answer(await plan('/projects?id=in.(1,2,3)', 'application/vnd.pgrst.plan'))).toEqual(notAvailable(text));
    expect(answer(await plan('/rpc/get_projects?id=in.(1,2,3)', 'application/vnd.pgrst.plan'))).toEqual(notAvailable(text));
    expect(answer(await plan('/projects?id=in.(1,2,3)', 'application/vnd.pgrst.plan', 'DELETE'))).toEqual(notAvailable(text));
  });
});

describe('db-plan-enabled on (pgrst.db_plan_enabled on the authenticator role)', () => {
  beforeAll(async () => {
    await backend.ctx.db.exec(`alter role authenticator set pgrst.db_plan_enabled to 'true'; notify pgrst, 'reload config';`);
  });
  afterAll(async () => {
    await backend.ctx.db.exec(`alter role authenticator reset pgrst.db_plan_enabled; notify pgrst, 'reload config';`);
  });

  it('answers a read’s plan in JSON, with the plan type and its `for` as Content-Type', async () => {
    const res = await plan('/projects?id=in.(1,2,3)', 'application/vnd.pgrst.plan+json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    const [top] = res.json() as { Plan: { 'Node Type': string; 'Total Cost': number } }[];
    expect(top.Plan['Node Type']).toBe('Aggregate');
    expect(top.Plan['Total Cost']).toBeGreaterThan(0);
  });

  it('answers in text, also by default (`application/vnd.pgrst.plan`)', async () => {
    for (const accept of ['application/vnd.pgrst.plan+text', 'application/vnd.pgrst.plan']) {
      const res = await plan('/projects?id=in.(1,2,3)', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
      expect(res.text.slice(0, 9)).toBe('Aggregate');
    }
  });

  it('passes the options on to EXPLAIN and names them in the Content-Type', async () => {
    const settings = await plan('/projects', 'application/vnd.pgrst.plan+json; options=settings');
    expect(settings.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; options=settings; charset=utf-8');
    const [withSettings] = settings.json() as { Settings: Record<string, string> }[];
    expect(withSettings.Settings.search_path).toBe('"public", "public", "extensions"');

    const wal = await plan('/projects', 'application/vnd.pgrst.plan+json; options=analyze|wal');
    expect(wal.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; options=analyze|wal; charset=utf-8');
    const [analyzed] = wal.json() as { Plan: Record<string, unknown> }[];
    expect(analyzed.Plan['WAL Records']).toBe(0);

    const verbose = await plan('/projects', 'application/vnd.pgrst.plan+json; options=verbose');
    expect(verbose.text).toContain('"projects.id", "projects.name", "projects.client_id"');

    const buffers = await plan('/projects', 'application/vnd.pgrst.plan+json; options=buffers');
    expect(buffers.text).toContain('Shared Hit Blocks');
  });

  it('refuses what EXPLAIN refuses: WAL needs ANALYZE', async () => {
    expect(answer(await plan('/projects', 'application/vnd.pgrst.plan+json; options=wal'))).toEqual({
      status: 400,
      body: pgrstError('22023', 'EXPLAIN option WAL requires ANALYZE'),
    });
  });

  it('plans for the singular object type, naming it as PostgREST spells it', async () => {
    const res = await plan('/projects_view', 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=verbose');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose; charset=utf-8');
  });

  it('plans writes without running them (no ANALYZE)', async () => {
    const res = await plan('/projects', 'application/vnd.pgrst.plan+json', 'POST', { id: 100, name: 'Project 100' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    expect(answer(await backend.get('/projects?id=eq.100'))).toEqual({ status: 200, body: [] });
  });

  it('plans function calls, scalar and set-returning', async () => {
    const scalar = await plan('/rpc/add_them?a=3&b=4', 'application/vnd.pgrst.plan');
    expect(scalar.status).toBe(200);
    expect(scalar.text).toMatch(/cost=/);
    const set = await plan('/rpc/get_projects?id=in.(1,2,3)', 'application/vnd.pgrst.plan+json');
    expect(set.status).toBe(200);
    expect((set.json() as { Plan: unknown }[])[0].Plan).toBeDefined();
  });

  it('a plan for a type this server does not produce is not available', async () => {
    expect(answer(await plan('/projects', 'application/vnd.pgrst.plan+json; for="text/plain"'))).toEqual(
      notAvailable('application/vnd.pgrst.plan+json; for="text/plain"'),
    );
  });
});
