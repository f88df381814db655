import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgrestBackend, type PostgrestBackend } from './postgrest-backend.ts';

/**
 * Resource embedding as PostgREST 12–14 answers it (docs "Resource Embedding", spec
 * EmbedDisambiguationSpec, SpreadQueriesSpec, ComputedRelsSpec), on postgrest-project's schema.
 */
let api: PostgrestBackend;
beforeAll(async () => {
  api = await createPostgrestBackend();
});
afterAll(() => api.close());

const get = async (path: string) => {
  const answer = await api.rest(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('relationships', () => {
  it('many-to-one is an object, one-to-many an array', async () => {
    expect(await get('/projects?select=name,clients(name)&id=eq.3')).toEqual([{ name: 'IOS', clients: { name: 'Apple' } }]);
    expect(await get('/clients?select=name,projects(name)&id=eq.1&projects.order=id')).toEqual([
      { name: 'Microsoft', projects: [{ name: 'Windows 7' }, { name: 'Windows 10' }] },
    ]);
  });

  it('a key on unique columns is one-to-one: an object from both sides', async () => {
    expect(await get('/country?select=name,capital(name)&order=id')).toEqual([
      { name: 'Afghanistan', capital: { name: 'Kabul' } },
      { name: 'Algeria', capital: null },
    ]);
    expect(await get('/capital?select=name,country(name)')).toEqual([{ name: 'Kabul', country: { name: 'Afghanistan' } }]);
  });

  it('self-reference: the key column names the parent, the table name the children', async () => {
    expect(await get('/family_tree?select=name,parent(name)&id=eq.2')).toEqual([{ name: 'Kid One', parent: { name: 'Parental Unit' } }]);
    expect(await get('/family_tree?select=name,children:family_tree(name)&id=eq.1&children.order=id')).toEqual([
      { name: 'Parental Unit', children: [{ name: 'Kid One' }, { name: 'Kid Two' }] },
    ]);
  });

  it('many-to-many through a junction whose keys are its primary key, also with the junction as hint', async () => {
    expect(await get('/users?select=name,tasks(name)&id=eq.1&tasks.order=id')).toEqual([
      { name: 'Angela Martin', tasks: [{ name: 'Design w7' }, { name: 'Code w7' }] },
    ]);
    expect(await get('/tasks?select=name,users!users_tasks(name)&id=eq.1&users.order=id')).toEqual([
      { name: 'Design w7', users: [{ name: 'Angela Martin' }, { name: 'Dwight Schrute' }] },
    ]);
  });

  it('a view over a table takes part in its relationships, both ways', async () => {
    expect(await get('/projects_view?select=name,clients(name)&id=eq.3')).toEqual([{ name: 'IOS', clients: { name: 'Apple' } }]);
    expect(await get('/clients?select=name,projects_view(name)&id=eq.2&projects_view.order=id')).toEqual([
      { name: 'Apple', projects_view: [{ name: 'IOS' }, { name: 'OSX' }] },
    ]);
  });

  it('two keys to one table are ambiguous (300 PGRST201) until a hint picks one', async () => {
    const answer = await api.rest('/messages?select=body,users(name)');
    expect(answer.status).toBe(300);
    expect(answer.body).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'messages' and 'users'",
      details: [
        { cardinality: 'many-to-one', embedding: 'messages with users', relationship: 'messages_recipient_fkey using messages(recipient) and users(id)' },
        { cardinality: 'many-to-one', embedding: 'messages with users', relationship: 'messages_sender_fkey using messages(sender) and users(id)' },
      ].sort((a, b) => (a.relationship < b.relationship ? -1 : 1)),
      hint: "Try changing 'users' to one of the following: 'users!messages_recipient_fkey', 'users!messages_sender_fkey'. Find the desired relationship in the 'details' key.",
    });
    expect(await get('/messages?select=body,from:users!sender(name),to:users!messages_recipient_fkey(name)')).toEqual([
      { body: 'Hello', from: { name: 'Angela Martin' }, to: { name: 'Michael Scott' } },
    ]);
  });

  it('no relationship is 400 PGRST200, with a suggestion for a close name', async () => {
    const answer = await api.rest('/clients?select=name,projectz(name)');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'clients' and 'projectz' in the schema cache",
      details: "Searched for a foreign key relationship between 'clients' and 'projectz' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'projects' instead of 'projectz'.",
    });
  });
});

describe('embedding forms', () => {
  it('!inner keeps only parents with a matching child; !left keeps all', async () => {
    expect(await get('/clients?select=name,projects!inner(name)&projects.name=eq.IOS')).toEqual([{ name: 'Apple', projects: [{ name: 'IOS' }] }]);
    expect(await get('/clients?select=name,projects!left(name)&projects.name=eq.IOS&order=id')).toEqual([
      { name: 'Microsoft', projects: [] },
      { name: 'Apple', projects: [{ name: 'IOS' }] },
      { name: 'Idle', projects: [] },
    ]);
  });

  it('an empty embed filters without answering a key', async () => {
    expect(await get('/clients?select=name,projects!inner()&projects.name=eq.OSX')).toEqual([{ name: 'Apple' }]);
  });

  it('the same target twice under two aliases, each with its own filter', async () => {
    expect(await get('/clients?select=name,w7:projects(name),all:projects(id)&w7.name=eq.Windows%207&all.order=id&id=eq.1')).toEqual([
      { name: 'Microsoft', w7: [{ name: 'Windows 7' }], all: [{ id: 1 }, { id: 2 }] },
    ]);
  });

  it('spreads a to-one relationship into values and a to-many one into arrays ([] without rows)', async () => {
    expect(await get('/projects?select=name,...clients(client:name)&id=in.(1,5)&order=id')).toEqual([
      { name: 'Windows 7', client: 'Microsoft' },
      { name: 'Orphan', client: null },
    ]);
    expect(await get('/clients?select=name,...projects(project:name)&order=id&projects.order=id')).toEqual([
      { name: 'Microsoft', project: ['Windows 7', 'Windows 10'] },
      { name: 'Apple', project: ['IOS', 'OSX'] },
      { name: 'Idle', project: [] },
    ]);
  });
});

describe('computed fields and computed relationships', () => {
  it('a function of the row is a column in select, filters and order', async () => {
    expect(await get('/clients?select=id,full_name&full_name=neq.Apple%20Ltd&order=full_name.desc')).toEqual([
      { id: 1, full_name: 'Microsoft Ltd' },
      { id: 3, full_name: 'Idle Ltd' },
    ]);
  });

  it('a function of the row returning rows embeds as an array, returning one row as an object', async () => {
    expect(await get('/clients?select=name,client_projects(name),first_project(name)&id=eq.2')).toEqual([
      { name: 'Apple', client_projects: [{ name: 'IOS' }, { name: 'OSX' }], first_project: { name: 'IOS' } },
    ]);
  });
});
