import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, pgrstError, type SpecBackend } from './spec-backend.ts';

// Ambiguous and missing relationships, as PostgREST 12–14 answers them (EmbedDisambiguationSpec.hs,
// QuerySpec.hs; texts from src/PostgREST/Error.hs): 300 PGRST201 lists every candidate in
// PostgREST's order (its relationships sorted: one-to-many, many-to-one, one-to-one, many-to-many)
// with a hint naming each as target!hint; 400 PGRST200 says what was searched, and its hint
// suggests a close name only when one table is missing from the other's relationships.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });

describe('300 PGRST201: more than one relationship', () => {
  it('a many-to-one and two many-to-many (a table junction and a view junction)', async () => {
    const res = await backend.get('/sites?select=*,big_projects(*)');
    expect(answer(res)).toEqual({
      status: 300,
      body: pgrstError(
        'PGRST201',
        "Could not embed because more than one relationship was found for 'sites' and 'big_projects'",
        [
          {
            cardinality: 'many-to-one',
            relationship: 'main_project using sites(main_project_id) and big_projects(big_project_id)',
            embedding: 'sites with big_projects',
          },
          {
            cardinality: 'many-to-many',
            relationship: 'jobs using jobs_site_id_fkey(site_id) and jobs_big_project_id_fkey(big_project_id)',
            embedding: 'sites with big_projects',
          },
          {
            cardinality: 'many-to-many',
            relationship: 'main_jobs using jobs_site_id_fkey(site_id) and jobs_big_project_id_fkey(big_project_id)',
            embedding: 'sites with big_projects',
          },
        ],
        "Try changing 'big_projects' to one of the following: 'big_projects!main_project', 'big_projects!jobs', 'big_projects!main_jobs'. Find the desired relationship in the 'details' key.",
      ),
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });


  it('a circular reference: one-to-many and many-to-one between the same tables', async () => {
    expect(answer(await backend.get('/agents?select=*,departments(*)'))).toEqual({
      status: 300,
      body: pgrstError(
        'PGRST201',
        "Could not embed because more than one relationship was found for 'agents' and 'departments'",
        [
          {
            cardinality: 'one-to-many',
            relationship: 'departments_head_id_fkey using agents(id) and departments(head_id)',
            embedding: 'agents with departments',
          },
          {
            cardinality: 'many-to-one',
            relationship: 'agents_department_id_fkey using agents(department_id) and departments(id)',
            embedding: 'agents with departments',
          },
        ],
        "Try changing 'departments' to one of the following: 'departments!departments_head_id_fkey', 'departments!agents_department_id_fkey'. Find the desired relationship in the 'details' key.",
      ),
    });
  });

  it('two one-to-one relationships', async () => {
    expect(answer(await backend.get('/first?select=second(*)'))).toEqual({
      status: 300,
      body: pgrstError(
        'PGRST201',
        "Could not embed because more than one relationship was found for 'first' and 'second'",
        [
          { cardinality: 'one-to-one', embedding: 'first with second', relationship: 'first_second_id_1_fkey using first(second_id_1) and second(id)' },
          { cardinality: 'one-to-one', embedding: 'first with second', relationship: 'first_second_id_2_fkey using first(second_id_2) and second(id)' },
        ],
        "Try changing 'second' to one of the following: 'second!first_second_id_1_fkey', 'second!first_second_id_2_fkey'. Find the desired relationship in the 'details' key.",
      ),
    });
  });
});

describe('hints that pick one relationship', () => {
  it('the constraint name or the column of a many-to-one beside many-to-many', async () => {
    expect(answer(await backend.get('/sites?select=name,main_project(name)&site_id=eq.1'))).toEqual(ok([
      { name: 'site 1', main_project: { name: 'big project 1' } },
    ]));
    expect(answer(await backend.get('/sites?select=name,main_project_id(name)&site_id=eq.1'))).toEqual(ok([
      { name: 'site 1', main_project_id: { name: 'big project 1' } },
    ]));
  });

  it('the junction table of a many-to-many', async () => {
    expect(answer(await backend.get('/sites?select=*,big_projects!jobs(name)&site_id=in.(1,2)'))).toEqual(ok([
      { big_projects: [{ name: 'big project 1' }], main_project_id: 1, name: 'site 1', site_id: 1 },
      { big_projects: [{ name: 'big project 1' }, { name: 'big project 2' }], main_project_id: null, name: 'site 2', site_id: 2 },
    ]));
  });


  it('a view over the junction table, as a junction of its own', async () => {
    expect(answer(await backend.get('/sites?select=*,big_projects!main_jobs(name)&site_id=in.(1,2)'))).toEqual(ok([
      { big_projects: [{ name: 'big project 1' }], main_project_id: 1, name: 'site 1', site_id: 1 },
      { big_projects: [], main_project_id: null, name: 'site 2', site_id: 2 },
    ]));
  });

  it('each side of a circular reference by its constraint', async () => {
    expect(answer(await backend.get('/agents?select=name,departments!agents_department_id_fkey(name)&id=eq.1'))).toEqual(ok([
      { name: 'agent 1', departments: { name: 'dep 1' } },
    ]));
    expect(answer(await backend.get('/agents?select=name,departments!departments_head_id_fkey(name)&id=in.(1,2)'))).toEqual(ok([
      { name: 'agent 1', departments: [{ name: 'dep 1' }] },
      { name: 'agent 2', departments: [] },
    ]));
  });
});

describe('the same table embedded twice', () => {
  it('under one name fails as PostgREST’s statement does: its joins share the alias <table>_<name>_<depth> (42712)', async () => {
    expect(answer(await backend.get('/first?select=second!first_second_id_1_fkey(*),second!first_second_id_2_fkey(*)'))).toEqual({
      status: 400,
      body: pgrstError('42712', 'table name "first_second_1" specified more than once'),
    });
    expect(answer(await backend.get('/sites?select=name,projects:big_projects!main_project(name),projects:big_projects!jobs(name)'))).toEqual({
      status: 400,
      body: pgrstError('42712', 'table name "sites_projects_1" specified more than once'),
    });
  });

  it('under two names is two embeds', async () => {
    expect(answer(await backend.get('/sites?select=name,main:big_projects!main_project(name),all:big_projects!jobs(name)&site_id=eq.1'))).toEqual(ok([
      { name: 'site 1', main: { name: 'big project 1' }, all: [{ name: 'big project 1' }] },
    ]));
  });

  it('an unknown column of an embed is Postgres’ error about the embed’s alias, <table>_<depth>', async () => {
    expect(answer(await backend.get('/clients?select=name,projects(nope)'))).toEqual({
      status: 400,
      body: pgrstError('42703', 'column projects_1.nope does not exist', null, 'Perhaps you meant to reference the column "projects_1.name".'),
    });
    expect(answer(await backend.get('/clients?select=name,projects(tasks(nope))'))).toEqual({
      status: 400,
      body: pgrstError('42703', 'column tasks_2.nope does not exist', null, 'Perhaps you meant to reference the column "tasks_2.name".'),
    });
  });
});

describe('400 PGRST200: no relationship', () => {
  it('with a hint that matches no key: details name the hint, hint is null', async () => {
    expect(answer(await backend.get('/projects?select=id,clients!space(name)'))).toEqual({
      status: 400,
      body: pgrstError(
        'PGRST200',
        "Could not find a relationship between 'projects' and 'clients' in the schema cache",
        "Searched for a foreign key relationship between 'projects' and 'clients' using the hint 'space' in the schema 'public', but no matches were found.",
        null,
      ),
    });
  });

  it('between unrelated tables: hint is null when no related name is close', async () => {
    expect(answer(await backend.get('/clients?select=id,family_tree(id)'))).toEqual({
      status: 400,
      body: pgrstError(
        'PGRST200',
        "Could not find a relationship between 'clients' and 'family_tree' in the schema cache",
        "Searched for a foreign key relationship between 'clients' and 'family_tree' in the schema 'public', but no matches were found.",
        null,
      ),
    });
  });

  it('suggests the closest related table for a misspelt target', async () => {
    expect(answer(await backend.get('/projects?select=id,clientz(name)'))).toEqual({
      status: 400,
      body: pgrstError(
        'PGRST200',
        "Could not find a relationship between 'projects' and 'clientz' in the schema cache",
        "Searched for a foreign key relationship between 'projects' and 'clientz' in the schema 'public', but no matches were found.",
        "Perhaps you meant 'clients' instead of 'clientz'.",
      ),
    });
  });
});

describe('404 PGRST205: no table', () => {
  it('hints the closest relation of the schema from a 0.75 similarity up (ErrorSpec.hs)', async () => {
    for (const name of ['projectx', 'projecxx']) {
      expect(answer(await backend.get(`/${name}`))).toEqual({
        status: 404,
        body: pgrstError('PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, "Perhaps you meant the table 'public.projects'"),
      });
    }
    expect(answer(await backend.get('/nothing_like_it'))).toEqual({
      status: 404,
      body: pgrstError('PGRST205', "Could not find the table 'public.nothing_like_it' in the schema cache"),
    });
  });
});
