import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, pgrstError, type SpecBackend } from './spec-backend.ts';

// Resource embedding by cardinality, as PostgREST 12–14 answers it. Expected bodies come from
// PostgREST's spec files (test/spec/Feature/Query/QuerySpec.hs, EmbedDisambiguationSpec.hs,
// RpcSpec.hs) on the same fixture rows; where a request is ours, its answer follows the rules
// those specs show (to-one → object or null, to-many → array, [] when none).

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });

describe('one-to-one (a foreign key on unique or primary key columns answers an object both ways)', () => {
  it('embeds through a key on a unique column, from either side', async () => {
    expect(answer(await backend.get('/country?select=name,capital(name)'))).toEqual(ok([
      { name: 'Afghanistan', capital: { name: 'Kabul' } },
      { name: 'Algeria', capital: { name: 'Algiers' } },
    ]));
    expect(answer(await backend.get('/capital?select=name,country(name)'))).toEqual(ok([
      { name: 'Kabul', country: { name: 'Afghanistan' } },
      { name: 'Algiers', country: { name: 'Algeria' } },
    ]));
  });

  it('embeds through a key that is the primary key (composite), from either side', async () => {
    expect(answer(await backend.get('/students_info?select=address,students(name)'))).toEqual(ok([
      { address: 'Street 1', students: { name: 'John Doe' } },
      { address: 'Street 2', students: { name: 'Jane Doe' } },
    ]));
    expect(answer(await backend.get('/students?select=name,students_info(address)'))).toEqual(ok([
      { name: 'John Doe', students_info: { address: 'Street 1' } },
      { name: 'Jane Doe', students_info: { address: 'Street 2' } },
    ]));
  });

  it('takes the key column or the constraint name as the target', async () => {
    expect(answer(await backend.get('/capital?select=name,country_id(name)'))).toEqual(ok([
      { name: 'Kabul', country_id: { name: 'Afghanistan' } },
      { name: 'Algiers', country_id: { name: 'Algeria' } },
    ]));
    expect(answer(await backend.get('/capital?select=name,capital_country_id_fkey(name)'))).toEqual(ok([
      { name: 'Kabul', capital_country_id_fkey: { name: 'Afghanistan' } },
      { name: 'Algiers', capital_country_id_fkey: { name: 'Algeria' } },
    ]));
    expect(answer(await backend.get('/country?select=name,capital_country_id_fkey(name)'))).toEqual(ok([
      { name: 'Afghanistan', capital_country_id_fkey: { name: 'Kabul' } },
      { name: 'Algeria', capital_country_id_fkey: { name: 'Algiers' } },
    ]));
    expect(answer(await backend.get('/country?select=name,id(name)'))).toEqual(ok([
      { name: 'Afghanistan', id: { name: 'Kabul' } },
      { name: 'Algeria', id: { name: 'Algiers' } },
    ]));
  });

  it('takes a column of either side as the hint', async () => {
    const countries = ok([
      { name: 'Afghanistan', capital: { name: 'Kabul' } },
      { name: 'Algeria', capital: { name: 'Algiers' } },
    ]);
    expect(answer(await backend.get('/country?select=name,capital!id(name)'))).toEqual(countries);
    expect(answer(await backend.get('/country?select=name,capital!country_id(name)'))).toEqual(countries);
    const capitals = ok([
      { name: 'Kabul', country: { name: 'Afghanistan' } },
      { name: 'Algiers', country: { name: 'Algeria' } },
    ]);
    expect(answer(await backend.get('/capital?select=name,country!id(name)'))).toEqual(capitals);
    expect(answer(await backend.get('/capital?select=name,country!country_id(name)'))).toEqual(capitals);
  });

  it('embeds from a function returning the table', async () => {
    expect(answer(await backend.get('/rpc/allcountries?select=name,capital(name)'))).toEqual(ok([
      { name: 'Afghanistan', capital: { name: 'Kabul' } },
      { name: 'Algeria', capital: { name: 'Algiers' } },
    ]));
  });
});

describe('many-to-one and one-to-many', () => {
  it('answers null for a missing parent and [] for no children', async () => {
    expect(answer(await backend.get('/projects?id=in.(1,5)&select=id,clients(id)'))).toEqual(ok([
      { id: 1, clients: { id: 1 } },
      { id: 5, clients: null },
    ]));
    expect(answer(await backend.get('/projects?id=in.(5)&select=id,tasks(id)'))).toEqual(ok([{ id: 5, tasks: [] }]));
  });

  it('renames parents and children, two levels deep', async () => {
    expect(answer(await backend.get('/projects?id=eq.1&select=myId:id,name,project_client:clients(*),project_tasks:tasks(id,name)'))).toEqual(ok([
      { myId: 1, name: 'Windows 7', project_client: { id: 1, name: 'Microsoft' }, project_tasks: [{ id: 1, name: 'Design w7' }, { id: 2, name: 'Code w7' }] },
    ]));
    expect(answer(await backend.get('/clients?id=eq.1&select=id,projects(id,tasks(id))'))).toEqual(ok([
      { id: 1, projects: [{ id: 1, tasks: [{ id: 1 }, { id: 2 }] }, { id: 2, tasks: [{ id: 3 }, { id: 4 }] }] },
    ]));
  });

  it('embeds by constraint name or column name, and the column can be selected beside it', async () => {
    expect(answer(await backend.get('/projects?id=in.(1,3)&select=id,name,client_id,client(id,name)'))).toEqual(ok([
      { id: 1, name: 'Windows 7', client_id: 1, client: { id: 1, name: 'Microsoft' } },
      { id: 3, name: 'IOS', client_id: 2, client: { id: 2, name: 'Apple' } },
    ]));
    expect(answer(await backend.get('/projects?id=in.(1,3)&select=id,name,client_id(id,name)'))).toEqual(ok([
      { id: 1, name: 'Windows 7', client_id: { id: 1, name: 'Microsoft' } },
      { id: 3, name: 'IOS', client_id: { id: 2, name: 'Apple' } },
    ]));
    expect(answer(await backend.get('/projects?id=in.(1,3)&select=id,name,client_id,client:client_id(id,name)'))).toEqual(ok([
      { id: 1, name: 'Windows 7', client_id: 1, client: { id: 1, name: 'Microsoft' } },
      { id: 3, name: 'IOS', client_id: 2, client: { id: 2, name: 'Apple' } },
    ]));
    expect(answer(await backend.get('/clients?id=eq.1&select=id,projects:projects!client(id,tasks(id))'))).toEqual(ok([
      { id: 1, projects: [{ id: 1, tasks: [{ id: 1 }, { id: 2 }] }, { id: 2, tasks: [{ id: 3 }, { id: 4 }] }] },
    ]));
  });
});

describe('self-referencing keys', () => {
  it('embeds the parent by the key column name (many-to-one), recursively', async () => {
    expect(answer(await backend.get('/family_tree?id=in.(3,4)&select=id,parent(id,name,parent(*))'))).toEqual(ok([
      { id: '3', parent: { id: '1', name: 'Parental Unit', parent: null } },
      { id: '4', parent: { id: '2', name: 'Kid One', parent: { id: '1', name: 'Parental Unit', parent: null } } },
    ]));
  });

  it('embeds the children by the table name (one-to-many)', async () => {
    expect(answer(await backend.get('/family_tree?id=eq.2&select=id,children:family_tree(id,name)'))).toEqual(ok([
      { id: '2', children: [{ id: '4', name: 'Grandkid One' }] },
    ]));
  });

  it('embeds the children with table!column, recursively, and after a parent', async () => {
    expect(answer(await backend.get('/family_tree?id=eq.1&select=id,name,children:family_tree!parent(id,name,children:family_tree!parent(id,name))'))).toEqual(ok([
      {
        id: '1', name: 'Parental Unit', children: [
          { id: '2', name: 'Kid One', children: [{ id: '4', name: 'Grandkid One' }] },
          { id: '3', name: 'Kid Two', children: [{ id: '5', name: 'Grandkid Two' }] },
        ],
      },
    ]));
    expect(answer(await backend.get('/family_tree?id=eq.2&select=id,name,parent(id,name,children:family_tree!parent(id,name))'))).toEqual(ok([
      { id: '2', name: 'Kid One', parent: { id: '1', name: 'Parental Unit', children: [{ id: '2', name: 'Kid One' }, { id: '3', name: 'Kid Two' }] } },
    ]));
  });

  it('tells two self-referencing keys apart by column', async () => {
    expect(answer(await backend.get('/organizations?select=id,name,referee(id,name),auditor(id,name)&id=eq.3'))).toEqual(ok([
      { id: 3, name: 'Acme', referee: { id: 1, name: 'Referee Org' }, auditor: { id: 2, name: 'Auditor Org' } },
    ]));
    expect(answer(await backend.get('/organizations?select=id,name,refereeds:organizations!referee(id,name)&id=eq.1'))).toEqual(ok([
      { id: 1, name: 'Referee Org', refereeds: [{ id: 3, name: 'Acme' }, { id: 4, name: 'Umbrella' }] },
    ]));
    expect(answer(await backend.get('/organizations?select=id,name,auditees:organizations!auditor(id,name)&id=eq.2'))).toEqual(ok([
      { id: 2, name: 'Auditor Org', auditees: [{ id: 3, name: 'Acme' }, { id: 4, name: 'Umbrella' }] },
    ]));
  });

  it('mixes self references with another relationship at every level', async () => {
    const path = '/organizations?select=name,manager(name),referee(name,manager(name),auditor(name,manager(name))),auditor(name,manager(name),referee(name,manager(name)))&id=eq.5';
    expect(answer(await backend.get(path))).toEqual(ok([{
      name: 'Cyberdyne',
      manager: { name: 'Cyberdyne Manager' },
      referee: { name: 'Acme', manager: { name: 'Acme Manager' }, auditor: { name: 'Auditor Org', manager: { name: 'Auditor Manager' } } },
      auditor: { name: 'Umbrella', manager: { name: 'Umbrella Manager' }, referee: { name: 'Referee Org', manager: { name: 'Referee Manager' } } },
    }]));
  });
});

describe('many-to-many through a junction whose foreign key columns are its primary key', () => {
  it('embeds both ways, [] when there is no link', async () => {
    expect(answer(await backend.get('/tasks?select=id,users(id)'))).toEqual(ok([
      { id: 1, users: [{ id: 1 }, { id: 3 }] }, { id: 2, users: [{ id: 1 }] }, { id: 3, users: [{ id: 1 }] }, { id: 4, users: [{ id: 1 }] },
      { id: 5, users: [{ id: 2 }, { id: 3 }] }, { id: 6, users: [{ id: 2 }] }, { id: 7, users: [{ id: 2 }] }, { id: 8, users: [] },
    ]));
    expect(answer(await backend.get('/users?select=id,tasks(id)'))).toEqual(ok([
      { id: 1, tasks: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] },
      { id: 2, tasks: [{ id: 5 }, { id: 6 }, { id: 7 }] },
      { id: 3, tasks: [{ id: 1 }, { id: 5 }] },
    ]));
    expect(answer(await backend.get('/tasks?id=eq.1&select=id,theUsers:users(id)'))).toEqual(ok([{ id: 1, theUsers: [{ id: 1 }, { id: 3 }] }]));
  });

  it('takes the junction as a hint', async () => {
    expect(answer(await backend.get('/users?select=id,tasks!users_tasks(id)&id=eq.3'))).toEqual(ok([{ id: 3, tasks: [{ id: 1 }, { id: 5 }] }]));
  });

  it('embeds the junction itself, and through it', async () => {
    expect(answer(await backend.get('/users?select=*,tasks:users_tasks(*,...tasks(*))&limit=1'))).toEqual(ok([{
      id: 1, name: 'Angela Martin',
      tasks: [
        { user_id: 1, task_id: 1, id: 1, name: 'Design w7', project_id: 1 },
        { user_id: 1, task_id: 2, id: 2, name: 'Code w7', project_id: 1 },
        { user_id: 1, task_id: 3, id: 3, name: 'Design w10', project_id: 2 },
        { user_id: 1, task_id: 4, id: 4, name: 'Code w10', project_id: 2 },
      ],
    }]));
  });

  it('embeds many-to-many from a function, with a parent inside', async () => {
    expect(answer(await backend.get('/rpc/getallusers?select=name,tasks(name,project:projects(name))&id=gt.1'))).toEqual(ok([
      { name: 'Michael Scott', tasks: [
        { name: 'Design IOS', project: { name: 'IOS' } },
        { name: 'Code IOS', project: { name: 'IOS' } },
        { name: 'Design OSX', project: { name: 'OSX' } },
      ] },
      { name: 'Dwight Schrute', tasks: [
        { name: 'Design w7', project: { name: 'Windows 7' } },
        { name: 'Design IOS', project: { name: 'IOS' } },
      ] },
    ]));
  });

  it('finds no relationship through a table whose keys are not part of its primary key', async () => {
    expect(answer(await backend.get('/sellers?select=id,buyers(id)'))).toEqual({
      status: 400,
      body: pgrstError(
        'PGRST200',
        "Could not find a relationship between 'sellers' and 'buyers' in the schema cache",
        "Searched for a foreign key relationship between 'sellers' and 'buyers' in the schema 'public', but no matches were found.",
      ),
    });
  });
});

describe('embedding through a view over a table with keys', () => {
  it('embeds parents and children of the view', async () => {
    expect(answer(await backend.get('/projects_view?id=eq.1&select=id,name,clients(*),tasks(id,name)'))).toEqual(ok([
      { id: 1, name: 'Windows 7', clients: { id: 1, name: 'Microsoft' }, tasks: [{ id: 1, name: 'Design w7' }, { id: 2, name: 'Code w7' }] },
    ]));
  });

  it('embeds the view as a parent, with view!constraint and view!column, and its own parent', async () => {
    expect(answer(await backend.get('/tasks?id=eq.1&select=id,name,projects_view!project(id,name,client(id,name))'))).toEqual(ok([
      { id: 1, name: 'Design w7', projects_view: { id: 1, name: 'Windows 7', client: { id: 1, name: 'Microsoft' } } },
    ]));
    expect(answer(await backend.get('/tasks?id=eq.1&select=id,name,project:projects_view!project_id(id,name,client:client_id(id,name))'))).toEqual(ok([
      { id: 1, name: 'Design w7', project: { id: 1, name: 'Windows 7', client: { id: 1, name: 'Microsoft' } } },
    ]));
  });
});

describe('the same target twice under two aliases', () => {
  it('filters each alias on its own (many-to-many)', async () => {
    const path = '/users?select=id,designTasks:tasks(id,name),codeTasks:tasks(id,name)&designTasks.name=like.*Design*&codeTasks.name=like.*Code*';
    expect(answer(await backend.get(path))).toEqual(ok([
      { id: 1, designTasks: [{ id: 1, name: 'Design w7' }, { id: 3, name: 'Design w10' }], codeTasks: [{ id: 2, name: 'Code w7' }, { id: 4, name: 'Code w10' }] },
      { id: 2, designTasks: [{ id: 5, name: 'Design IOS' }, { id: 7, name: 'Design OSX' }], codeTasks: [{ id: 6, name: 'Code IOS' }] },
      { id: 3, designTasks: [{ id: 1, name: 'Design w7' }, { id: 5, name: 'Design IOS' }], codeTasks: [] },
    ]));
  });

  it('filters each alias on its own (one-to-many), nested filters under an alias', async () => {
    expect(answer(await backend.get('/clients?select=id,win:projects(name),mac:projects(name)&win.name=like.Windows*&mac.name=in.(IOS,OSX)'))).toEqual(ok([
      { id: 1, win: [{ name: 'Windows 7' }, { name: 'Windows 10' }], mac: [] },
      { id: 2, win: [], mac: [{ name: 'IOS' }, { name: 'OSX' }] },
    ]));
    const path = '/projects?select=id,name,designTasks:tasks(name,users(id,name))&designTasks.name=like.*Design*&designTasks.users.id=in.(1,2)';
    expect(answer(await backend.get(path))).toEqual(ok([
      { id: 1, name: 'Windows 7', designTasks: [{ name: 'Design w7', users: [{ id: 1, name: 'Angela Martin' }] }] },
      { id: 2, name: 'Windows 10', designTasks: [{ name: 'Design w10', users: [{ id: 1, name: 'Angela Martin' }] }] },
      { id: 3, name: 'IOS', designTasks: [{ name: 'Design IOS', users: [{ id: 2, name: 'Michael Scott' }] }] },
      { id: 4, name: 'OSX', designTasks: [{ name: 'Design OSX', users: [{ id: 2, name: 'Michael Scott' }] }] },
      { id: 5, name: 'Orphan', designTasks: [] },
    ]));
  });
});
