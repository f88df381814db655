import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, pgrstError, type SpecBackend } from './spec-backend.ts';

// How embeds filter the rows above them, as PostgREST 12–14 answers it: !inner and !left
// (EmbedInnerJoinSpec.hs), empty embeds (QuerySpec.hs "empty embed"), is.null on an embed and
// related orders (RelatedQueriesSpec.hs), with the totals Prefer: count=exact gives on HEAD.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });

/** The Content-Range a HEAD with Prefer: count=exact answers, with its status. */
async function exactRange(path: string): Promise<{ status: number; range: string | null; body: string }> {
  const res = await backend.rest('HEAD', path, { headers: { Prefer: 'count=exact' } });
  return { status: res.status, range: res.headers.get('content-range'), body: res.text };
}

describe('!inner and !left', () => {
  it('many-to-one: !inner drops rows without a parent, !left keeps them with null', async () => {
    expect(answer(await backend.get('/projects?select=id,clients!inner(id)'))).toEqual(ok([
      { id: 1, clients: { id: 1 } }, { id: 2, clients: { id: 1 } }, { id: 3, clients: { id: 2 } }, { id: 4, clients: { id: 2 } },
    ]));
    expect(answer(await backend.get('/projects?select=id,clients!left(id)'))).toEqual(ok([
      { id: 1, clients: { id: 1 } }, { id: 2, clients: { id: 1 } }, { id: 3, clients: { id: 2 } }, { id: 4, clients: { id: 2 } },
      { id: 5, clients: null },
    ]));
    expect(await exactRange('/projects?select=id,clients!inner(id)')).toEqual({ status: 200, range: '0-3/4', body: '' });
  });

  it('many-to-one: a filter on the inner embed filters the rows above it, and the count', async () => {
    expect(answer(await backend.get('/projects?select=id,clients!inner(id)&clients.id=eq.1'))).toEqual(ok([
      { id: 1, clients: { id: 1 } }, { id: 2, clients: { id: 1 } },
    ]));
    expect(answer(await backend.get('/projects?select=id,clients!inner(id)&clients.id=eq.0'))).toEqual(ok([]));
    expect(await exactRange('/projects?select=id,clients!inner(id)&clients.id=eq.1')).toEqual({ status: 200, range: '0-1/2', body: '' });
  });

  it('many-to-one two levels down: !inner at both levels filters the root rows and the count', async () => {
    expect(answer(await backend.get('/tasks?select=id,projects!inner(id,clients!inner(id))&projects.clients.id=eq.2'))).toEqual(ok([
      { id: 5, projects: { id: 3, clients: { id: 2 } } }, { id: 6, projects: { id: 3, clients: { id: 2 } } },
      { id: 7, projects: { id: 4, clients: { id: 2 } } }, { id: 8, projects: { id: 4, clients: { id: 2 } } },
    ]));
    expect(await exactRange('/tasks?select=id,projects!inner(id,clients!inner(id))&projects.clients.id=eq.1')).toEqual({ status: 200, range: '0-3/4', body: '' });
  });

  it('many-to-one two levels down: an !inner below a left embed only nulls that embed', async () => {
    expect(answer(await backend.get('/tasks?select=id,projects(id,clients!inner(id))&projects.clients.id=eq.2'))).toEqual(ok([
      { id: 1, projects: null }, { id: 2, projects: null }, { id: 3, projects: null }, { id: 4, projects: null },
      { id: 5, projects: { id: 3, clients: { id: 2 } } }, { id: 6, projects: { id: 3, clients: { id: 2 } } },
      { id: 7, projects: { id: 4, clients: { id: 2 } } }, { id: 8, projects: { id: 4, clients: { id: 2 } } },
    ]));
    expect(await exactRange('/tasks?select=id,projects(id,clients!inner(id))&projects.clients.id=eq.2')).toEqual({ status: 200, range: '0-7/8', body: '' });
  });

  it('one-to-many: !inner drops rows with no children, !left keeps them with []', async () => {
    expect(answer(await backend.get('/entities?select=id,child_entities!inner(id)'))).toEqual(ok([
      { id: 1, child_entities: [{ id: 1 }, { id: 2 }, { id: 4 }, { id: 5 }] },
      { id: 2, child_entities: [{ id: 3 }, { id: 6 }] },
    ]));
    expect(answer(await backend.get('/entities?select=id,child_entities!left(id)'))).toEqual(ok([
      { id: 1, child_entities: [{ id: 1 }, { id: 2 }, { id: 4 }, { id: 5 }] },
      { id: 2, child_entities: [{ id: 3 }, { id: 6 }] },
      { id: 3, child_entities: [] },
      { id: 4, child_entities: [] },
    ]));
    expect(answer(await backend.get('/entities?select=id,child_entities!inner(id)&child_entities.id=eq.3'))).toEqual(ok([
      { id: 2, child_entities: [{ id: 3 }] },
    ]));
    expect(await exactRange('/entities?select=id,child_entities!inner(id)')).toEqual({ status: 200, range: '0-1/2', body: '' });
  });

  it('one-to-many two levels down: !inner at both levels filters the root rows', async () => {
    expect(answer(await backend.get('/entities?select=id,child_entities!inner(id,grandchild_entities!inner(id))&child_entities.grandchild_entities.id=in.(1,5)'))).toEqual(ok([
      { id: 1, child_entities: [{ id: 1, grandchild_entities: [{ id: 1 }] }, { id: 2, grandchild_entities: [{ id: 5 }] }] },
    ]));
    expect(await exactRange('/entities?select=id,child_entities!inner(id,grandchild_entities!inner(id))&child_entities.grandchild_entities.id=in.(1,5)')).toEqual({ status: 200, range: '0-0/1', body: '' });
  });

  it('one-to-many two levels down: a left embed below !inner only empties its arrays', async () => {
    expect(answer(await backend.get('/entities?select=id,child_entities!inner(id,grandchild_entities(id))&child_entities.grandchild_entities.id=eq.2'))).toEqual(ok([
      { id: 1, child_entities: [
        { id: 1, grandchild_entities: [{ id: 2 }] }, { id: 2, grandchild_entities: [] },
        { id: 4, grandchild_entities: [] }, { id: 5, grandchild_entities: [] },
      ] },
      { id: 2, child_entities: [{ id: 3, grandchild_entities: [] }, { id: 6, grandchild_entities: [] }] },
    ]));
  });

  it('many-to-one and many-to-many inner embeds combined', async () => {
    expect(answer(await backend.get('/projects?select=name,clients!inner(name),users!inner(name)'))).toEqual(ok([
      { name: 'Windows 7', clients: { name: 'Microsoft' }, users: [{ name: 'Angela Martin' }, { name: 'Dwight Schrute' }] },
      { name: 'Windows 10', clients: { name: 'Microsoft' }, users: [{ name: 'Angela Martin' }] },
      { name: 'IOS', clients: { name: 'Apple' }, users: [{ name: 'Michael Scott' }, { name: 'Dwight Schrute' }] },
      { name: 'OSX', clients: { name: 'Apple' }, users: [{ name: 'Michael Scott' }] },
    ]));
    expect(await exactRange('/projects?select=name,clients!inner(name),users!inner(name)')).toEqual({ status: 200, range: '0-3/4', body: '' });
  });

  it('works after a hint and on a function’s rows', async () => {
    expect(answer(await backend.get('/projects?select=id,clients!client!inner(id)&clients.id=eq.2'))).toEqual(ok([
      { id: 3, clients: { id: 2 } }, { id: 4, clients: { id: 2 } },
    ]));
    expect(answer(await backend.get('/projects?select=id,client!inner(id)&client.id=eq.2'))).toEqual(ok([
      { id: 3, client: { id: 2 } }, { id: 4, client: { id: 2 } },
    ]));
    expect(answer(await backend.get('/rpc/get_projects?select=id,clients!inner(id)&clients.id=eq.1'))).toEqual(ok([
      { id: 1, clients: { id: 1 } }, { id: 2, clients: { id: 1 } },
    ]));
    expect(await exactRange('/rpc/get_projects?select=id,clients!inner(id)&clients.id=eq.1')).toEqual({ status: 200, range: '0-1/2', body: '' });
  });
});

describe('empty embeds (no key in the answer, still a join)', () => {
  it('many-to-one: left by default, filtering with !inner', async () => {
    expect(answer(await backend.get('/projects?select=id,name,clients()'))).toEqual(ok([
      { id: 1, name: 'Windows 7' }, { id: 2, name: 'Windows 10' }, { id: 3, name: 'IOS' }, { id: 4, name: 'OSX' }, { id: 5, name: 'Orphan' },
    ]));
    expect(answer(await backend.get('/projects?select=id,clients()&clients.id=eq.1'))).toEqual(ok([
      { id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 },
    ]));
    expect(answer(await backend.get('/projects?select=id,clients!inner()&clients.id=eq.1'))).toEqual(ok([{ id: 1 }, { id: 2 }]));
    expect(answer(await backend.get('/projects?select=id,name,clients!inner()&clients.id=eq.2'))).toEqual(ok([
      { id: 3, name: 'IOS' }, { id: 4, name: 'OSX' },
    ]));
  });

  it('one-to-many and many-to-many', async () => {
    expect(answer(await backend.get('/clients?select=id,name,projects()'))).toEqual(ok([{ id: 1, name: 'Microsoft' }, { id: 2, name: 'Apple' }]));
    expect(answer(await backend.get('/clients?select=id,name,projects!inner()&projects.name=eq.IOS'))).toEqual(ok([{ id: 2, name: 'Apple' }]));
    expect(answer(await backend.get('/users?select=*,tasks!inner()'))).toEqual(ok([
      { id: 1, name: 'Angela Martin' }, { id: 2, name: 'Michael Scott' }, { id: 3, name: 'Dwight Schrute' },
    ]));
    expect(answer(await backend.get('/users?select=*,tasks!inner()&tasks.id=eq.3'))).toEqual(ok([{ id: 1, name: 'Angela Martin' }]));
  });

  it('nested under !inner embeds, filtering the root', async () => {
    expect(answer(await backend.get('/users?select=*,users_tasks!inner(tasks!inner(projects()))&users_tasks.tasks.id=eq.3'))).toEqual(ok([
      { id: 1, name: 'Angela Martin' },
    ]));
  });

  it('nested beside a non-empty column', async () => {
    expect(answer(await backend.get('/users?select=*,tasks(projects(clients()),users_tasks())'))).toEqual(ok([
      { id: 1, name: 'Angela Martin' }, { id: 2, name: 'Michael Scott' }, { id: 3, name: 'Dwight Schrute' },
    ]));
    expect(answer(await backend.get('/users?select=*,tasks!inner(projects(clients()),users_tasks(),name)&tasks.id=eq.3'))).toEqual(ok([
      { id: 1, name: 'Angela Martin', tasks: [{ name: 'Design w10' }] },
    ]));
  });
});

describe('is.null and not.is.null on an embed', () => {
  it('keeps the rows whose to-one embed is missing or present', async () => {
    expect(answer(await backend.get('/projects?select=name,clients()&clients=not.is.null'))).toEqual(ok([
      { name: 'Windows 7' }, { name: 'Windows 10' }, { name: 'IOS' }, { name: 'OSX' },
    ]));
    expect(answer(await backend.get('/projects?select=name,clients()&clients=is.null'))).toEqual(ok([{ name: 'Orphan' }]));
  });


  it('keeps the rows whose to-many embed is empty or not, also under an alias', async () => {
    expect(answer(await backend.get('/entities?select=name,child_entities()&child_entities=not.is.null'))).toEqual(ok([
      { name: 'entity 1' }, { name: 'entity 2' },
    ]));
    expect(answer(await backend.get('/entities?select=name,childs:child_entities()&childs=is.null'))).toEqual(ok([
      { name: 'entity 3' }, { name: null },
    ]));
  });
});

describe('filters naming an embed that is not in select', () => {
  it('answers 400 PGRST108 with the embed’s name', async () => {
    expect(answer(await backend.get('/clients?select=*&non_existent_projects.name=like.*NonExistent*'))).toEqual({
      status: 400,
      body: pgrstError(
        'PGRST108',
        "'non_existent_projects' is not an embedded resource in this request",
        null,
        "Verify that 'non_existent_projects' is included in the 'select' query parameter.",
      ),
    });
    expect(answer(await backend.get('/clients?select=id,projects(id,tasks(id,name))&projects.tasks2.name=like.Design*'))).toEqual({
      status: 400,
      body: pgrstError('PGRST108', "'tasks2' is not an embedded resource in this request", null, "Verify that 'tasks2' is included in the 'select' query parameter."),
    });
  });
});

describe('related orders (order by a to-one embed’s column)', () => {
  it('orders by a many-to-one embed, by name or alias', async () => {
    expect(answer(await backend.get('/projects?select=id,clients(name)&order=clients(name).nullsfirst'))).toEqual(ok([
      { id: 5, clients: null },
      { id: 3, clients: { name: 'Apple' } }, { id: 4, clients: { name: 'Apple' } },
      { id: 1, clients: { name: 'Microsoft' } }, { id: 2, clients: { name: 'Microsoft' } },
    ]));
    expect(answer(await backend.get('/projects?select=id,client:clients(name)&order=client(name).asc'))).toEqual(ok([
      { id: 3, client: { name: 'Apple' } }, { id: 4, client: { name: 'Apple' } },
      { id: 1, client: { name: 'Microsoft' } }, { id: 2, client: { name: 'Microsoft' } },
      { id: 5, client: null },
    ]));
  });


  it('orders an embedded array by its own to-one embed', async () => {
    expect(answer(await backend.get('/users?select=name,tasks(id,name,projects(id,name))&tasks.order=projects(id).desc,name&limit=1'))).toEqual(ok([{
      name: 'Angela Martin',
      tasks: [
        { id: 4, name: 'Code w10', projects: { id: 2, name: 'Windows 10' } },
        { id: 3, name: 'Design w10', projects: { id: 2, name: 'Windows 10' } },
        { id: 2, name: 'Code w7', projects: { id: 1, name: 'Windows 7' } },
        { id: 1, name: 'Design w7', projects: { id: 1, name: 'Windows 7' } },
      ],
    }]));
  });


  it('refuses a to-many embed (PGRST118) and one that is not embedded (PGRST108)', async () => {
    expect(answer(await backend.get('/clients?select=*,projects(*)&order=projects(id)'))).toEqual({
      status: 400,
      body: pgrstError('PGRST118', "A related order on 'projects' is not possible", "'clients' and 'projects' do not form a many-to-one or one-to-one relationship"),
    });
    expect(answer(await backend.get('/clients?select=*,pros:projects(*)&order=pros(id)'))).toEqual({
      status: 400,
      body: pgrstError('PGRST118', "A related order on 'pros' is not possible", "'clients' and 'pros' do not form a many-to-one or one-to-one relationship"),
    });
    expect(answer(await backend.get('/projects?select=id,clients(name)&order=clientsx(name).nullsfirst'))).toEqual({
      status: 400,
      body: pgrstError('PGRST108', "'clientsx' is not an embedded resource in this request", null, "Verify that 'clientsx' is included in the 'select' query parameter."),
    });
  });
});
