import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, type SpecBackend } from './spec-backend.ts';

// Computed fields (a function of the table's row type returning a scalar) and computed
// relationships (a function of the row returning rows), as PostgREST 12–14 answers them
// (QuerySpec.hs "computed columns", ComputedRelsSpec.hs, SpreadQueriesSpec.hs). A computed
// relationship is to-one when it returns one row or SETOF ... ROWS 1, to-many otherwise, and
// one named like a table overrides the foreign-key relationship to it.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });
const ids = (from: number, to: number): { id: number }[] => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

describe('computed fields', () => {
  it('are selected by name, never by *', async () => {
    expect(answer(await backend.get('/items?id=eq.1&select=id,always_true'))).toEqual(ok([{ id: 1, always_true: true }]));
    expect(answer(await backend.get('/items?id=eq.1'))).toEqual(ok([{ id: 1 }]));
    expect(answer(await backend.get('/items?id=eq.1&select=*,anti_id'))).toEqual(ok([{ id: 1, anti_id: -1 }]));
  });

  it('take an alias and a cast', async () => {
    expect(answer(await backend.get('/items?id=eq.2&select=id,neg:anti_id,anti_id::text'))).toEqual(ok([{ id: 2, neg: -2, anti_id: '-2' }]));
  });

  it('filter and order', async () => {
    expect(answer(await backend.get('/items?always_true=eq.true&order=id.asc'))).toEqual(ok(ids(1, 15)));
    expect(answer(await backend.get('/items?order=anti_id.desc'))).toEqual(ok(ids(1, 15)));
    expect(answer(await backend.get('/items?anti_id=gt.-3&select=id,anti_id&order=id'))).toEqual(ok([{ id: 1, anti_id: -1 }, { id: 2, anti_id: -2 }]));
  });

  it('work on a function’s rows and inside embeds (select and filter)', async () => {
    expect(answer(await backend.get('/rpc/search?id=1&select=id,always_true'))).toEqual(ok([{ id: 1, always_true: true }]));
    expect(answer(await backend.get('/clients?select=name,projects(name,project_label)&id=eq.1'))).toEqual(ok([
      { name: 'Microsoft', projects: [{ name: 'Windows 7', project_label: 'Windows 7 #1' }, { name: 'Windows 10', project_label: 'Windows 10 #2' }] },
    ]));
    expect(answer(await backend.get('/clients?select=name,projects(name)&projects.project_label=eq.Windows%207%20%231&id=eq.1'))).toEqual(ok([
      { name: 'Microsoft', projects: [{ name: 'Windows 7' }] },
    ]));
  });
});

describe('computed fields inside embeds', () => {
  it('order and limit an embed by its computed field', async () => {
    expect(answer(await backend.get('/clients?select=name,projects(name,project_label)&projects.order=project_label.desc&projects.limit=1'))).toEqual(ok([
      { name: 'Microsoft', projects: [{ name: 'Windows 7', project_label: 'Windows 7 #1' }] },
      { name: 'Apple', projects: [{ name: 'OSX', project_label: 'OSX #4' }] },
    ]));
  });

  it('filter an !inner embed, and a logic tree inside an embed, by a computed field', async () => {
    expect(answer(await backend.get('/clients?select=name,projects!inner(name)&projects.project_label=eq.IOS%20%233'))).toEqual(ok([
      { name: 'Apple', projects: [{ name: 'IOS' }] },
    ]));
    expect(answer(await backend.get('/clients?select=name,projects(name)&projects.or=(project_label.eq.IOS%20%233,name.eq.Windows%207)'))).toEqual(ok([
      { name: 'Microsoft', projects: [{ name: 'Windows 7' }] },
      { name: 'Apple', projects: [{ name: 'IOS' }] },
    ]));
  });

  it('through a many-to-many junction, a spread and a related order', async () => {
    expect(answer(await backend.get('/users?select=name,projects(project_label)&projects.project_label=like.*%233&order=id'))).toEqual(ok([
      { name: 'Angela Martin', projects: [] },
      { name: 'Michael Scott', projects: [{ project_label: 'IOS #3' }] },
      { name: 'Dwight Schrute', projects: [{ project_label: 'IOS #3' }] },
    ]));
    expect(answer(await backend.get('/tasks?select=name,...projects(label:project_label)&id=in.(1,5)'))).toEqual(ok([
      { name: 'Design w7', label: 'Windows 7 #1' },
      { name: 'Design IOS', label: 'IOS #3' },
    ]));
    expect(answer(await backend.get('/tasks?select=id,projects(name)&order=projects(project_label).asc,id&limit=3'))).toEqual(ok([
      { id: 5, projects: { name: 'IOS' } },
      { id: 6, projects: { name: 'IOS' } },
      { id: 7, projects: { name: 'OSX' } },
    ]));
  });

  it('an unknown name in an embed is Postgres’ error about the embed’s alias', async () => {
    expect(answer(await backend.get('/clients?select=name,projects(project_labels)'))).toEqual({
      status: 400,
      body: { code: '42703', message: 'column projects_1.project_labels does not exist', details: null, hint: null },
    });
  });
});

describe('computed relationships', () => {
  const designerOfEach = [
    { name: 'Civilization I', designer: { name: 'Sid Meier' } },
    { name: 'Civilization II', designer: { name: 'Sid Meier' } },
    { name: 'Final Fantasy I', designer: { name: 'Hironobu Sakaguchi' } },
    { name: 'Final Fantasy II', designer: { name: 'Hironobu Sakaguchi' } },
  ];
  const gamesOfEach = [
    { name: 'Sid Meier', videogames: [{ name: 'Civilization I' }, { name: 'Civilization II' }] },
    { name: 'Hironobu Sakaguchi', videogames: [{ name: 'Final Fantasy I' }, { name: 'Final Fantasy II' }] },
  ];

  it('SETOF ... ROWS 1 and a single row embed as an object (many-to-one)', async () => {
    expect(answer(await backend.get('/videogames?select=name,designer:computed_designers(name)'))).toEqual(ok(designerOfEach));
    expect(answer(await backend.get('/videogames?select=name,designer:computed_designers_noset(name)'))).toEqual(ok(designerOfEach));
  });

  it('SETOF embeds as an array (one-to-many)', async () => {
    expect(answer(await backend.get('/designers?select=name,videogames:computed_videogames(name)'))).toEqual(ok(gamesOfEach));
  });

  it('work with !inner and count=exact', async () => {
    const toMany = await backend.rest('GET', '/designers?select=name,videogames:computed_videogames!inner(name)&videogames.name=eq.Civilization%20I', { headers: { Prefer: 'count=exact' } });
    expect(answer(toMany)).toEqual(ok([{ name: 'Sid Meier', videogames: [{ name: 'Civilization I' }] }]));
    expect(toMany.headers.get('content-range')).toBe('0-0/1');
    for (const fn of ['computed_designers', 'computed_designers_noset']) {
      const toOne = await backend.rest('GET', `/videogames?select=name,designer:${fn}!inner(name)&designer.name=like.*Hironobu*`, { headers: { Prefer: 'count=exact' } });
      expect(answer(toOne), fn).toEqual(ok([
        { name: 'Final Fantasy I', designer: { name: 'Hironobu Sakaguchi' } },
        { name: 'Final Fantasy II', designer: { name: 'Hironobu Sakaguchi' } },
      ]));
      expect(toOne.headers.get('content-range'), fn).toBe('0-1/2');
    }
  });

  it('embed from a function’s rows', async () => {
    expect(answer(await backend.get('/rpc/getallvideogames?select=name,designer:computed_designers(name)'))).toEqual(ok(designerOfEach));
    expect(answer(await backend.get('/rpc/getalldesigners?select=name,videogames:computed_videogames(name)'))).toEqual(ok(gamesOfEach));
  });

  it('join a table to itself both ways', async () => {
    expect(answer(await backend.get('/web_content?select=name,child_web_content(name),parent_web_content(name)&id=in.(0,1)'))).toEqual(ok([
      { name: 'tardis', child_web_content: [{ name: 'fezz' }, { name: 'foo' }, { name: 'bar' }], parent_web_content: { name: 'wat' } },
      { name: 'fezz', child_web_content: [{ name: 'wut' }], parent_web_content: { name: 'tardis' } },
    ]));
  });


  it('override the foreign-key relationship of the same name', async () => {
    expect(answer(await backend.get('/videogames?select=*,designers!inner(*)'))).toEqual(ok([]));
    expect(answer(await backend.get('/designers?select=*,videogames!inner(*)'))).toEqual(ok([]));
  });

  it('spread like any to-one relationship', async () => {
    expect(answer(await backend.get('/videogames?select=name,...computed_designers(designer_name:name)'))).toEqual(ok([
      { name: 'Civilization I', designer_name: 'Sid Meier' },
      { name: 'Civilization II', designer_name: 'Sid Meier' },
      { name: 'Final Fantasy I', designer_name: 'Hironobu Sakaguchi' },
      { name: 'Final Fantasy II', designer_name: 'Hironobu Sakaguchi' },
    ]));
  });

  it('embed in the representation of a write', async () => {
    const representation = { 'Content-Type': 'application/json', Prefer: 'return=representation' };
    const created = await backend.rest('POST', '/videogames?select=name,designer:computed_designers(name)', {
      headers: representation,
      body: JSON.stringify({ id: 5, name: 'Chrono Trigger', designer_id: 2 }),
    });
    expect(answer(created)).toEqual({ status: 201, body: [{ name: 'Chrono Trigger', designer: { name: 'Hironobu Sakaguchi' } }] });
    const updated = await backend.rest('PATCH', '/designers?select=name,videogames:computed_videogames(name)&id=eq.1', {
      headers: representation,
      body: JSON.stringify({ name: 'Sid Meier' }),
    });
    expect(answer(updated)).toEqual(ok([{ name: 'Sid Meier', videogames: [{ name: 'Civilization I' }, { name: 'Civilization II' }] }]));
    const deleted = await backend.rest('DELETE', '/videogames?select=name,designer:computed_designers(name)&id=eq.5', { headers: representation });
    expect(answer(deleted)).toEqual(ok([{ name: 'Chrono Trigger', designer: { name: 'Hironobu Sakaguchi' } }]));
  });
});
