import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, createSpecBackend, type SpecBackend } from './spec-backend.ts';

// Spread embeds `...rel(cols)`, as PostgREST 13–14 answers them (SpreadQueriesSpec.hs): a to-one
// spread lifts the columns into the row (null when there is no related row); a to-many spread
// lifts each column as an array of its values ([] when there are none, [null] for a row whose
// value is null); an empty spread is an empty embed.

let backend: SpecBackend;
beforeAll(async () => {
  backend = await createSpecBackend();
});
afterAll(() => backend.close());

const ok = (body: unknown): { status: number; body: unknown } => ({ status: 200, body });

describe('to-one spreads', () => {
  it('lifts a many-to-one embed’s columns, null without a parent', async () => {
    expect(answer(await backend.get('/projects?select=id,...clients(client_name:name)'))).toEqual(ok([
      { id: 1, client_name: 'Microsoft' }, { id: 2, client_name: 'Microsoft' }, { id: 3, client_name: 'Apple' },
      { id: 4, client_name: 'Apple' }, { id: 5, client_name: null },
    ]));
  });

  it('lifts nested spreads two levels up, and works inside a normal embed', async () => {
    expect(answer(await backend.get('/grandchild_entities?select=name,...child_entities(parent_name:name,...entities(grandparent_name:name))&limit=3'))).toEqual(ok([
      { name: 'grandchild entity 1', parent_name: 'child entity 1', grandparent_name: 'entity 1' },
      { name: 'grandchild entity 2', parent_name: 'child entity 1', grandparent_name: 'entity 1' },
      { name: 'grandchild entity 3', parent_name: 'child entity 2', grandparent_name: 'entity 1' },
    ]));
    expect(answer(await backend.get('/grandchild_entities?select=name,child_entity:child_entities(name,...entities(parent_name:name))&limit=1'))).toEqual(ok([
      { name: 'grandchild entity 1', child_entity: { name: 'child entity 1', parent_name: 'entity 1' } },
    ]));
  });

  it('lifts a one-to-one embed’s columns', async () => {
    expect(answer(await backend.get('/country?select=name,...capital(capital:name)'))).toEqual(ok([
      { name: 'Afghanistan', capital: 'Kabul' }, { name: 'Algeria', capital: 'Algiers' },
    ]));
  });
});

describe('to-many spreads (arrays of values)', () => {
  const WITH_PROCESSES = [
    { factory: 'Factory A', name: ['Process A1', 'Process A2'] },
    { factory: 'Factory B', name: ['Process B1', 'Process B2'] },
    { factory: 'Factory C', name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'] },
  ];

  it('one-to-many: one array per column, [] when there are no children', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes(name)&order=name'))).toEqual(ok([
      { factory: 'Factory A', name: ['Process A1', 'Process A2'] },
      { factory: 'Factory B', name: ['Process B1', 'Process B2'] },
      { factory: 'Factory C', name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'] },
      { factory: 'Factory D', name: [] },
    ]));
    expect(answer(await backend.get('/factories?select=factory:name,...processes(processes:name,categories:category_id)&order=name'))).toEqual(ok([
      { factory: 'Factory A', processes: ['Process A1', 'Process A2'], categories: [1, 2] },
      { factory: 'Factory B', processes: ['Process B1', 'Process B2'], categories: [1, 1] },
      { factory: 'Factory C', processes: ['Process C1', 'Process C2', 'Process XX', 'Process YY'], categories: [2, 2, 2, 2] },
      { factory: 'Factory D', processes: [], categories: [] },
    ]));
  });

  it('spreads every column with *', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes(*)&order=name'))).toEqual(ok([
      { factory: 'Factory A', id: [1, 2], name: ['Process A1', 'Process A2'], factory_id: [1, 1], category_id: [1, 2] },
      { factory: 'Factory B', id: [3, 4], name: ['Process B1', 'Process B2'], factory_id: [2, 2], category_id: [1, 1] },
      { factory: 'Factory C', id: [5, 6, 7, 8], name: ['Process C1', 'Process C2', 'Process XX', 'Process YY'], factory_id: [3, 3, 3, 3], category_id: [2, 2, 2, 2] },
      { factory: 'Factory D', id: [], name: [], factory_id: [], category_id: [] },
    ]));
  });

  it('filters the arrays; !inner drops the rows without children', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes(name)&processes.name=not.like.*1&order=name'))).toEqual(ok([
      { factory: 'Factory A', name: ['Process A2'] },
      { factory: 'Factory B', name: ['Process B2'] },
      { factory: 'Factory C', name: ['Process C2', 'Process XX', 'Process YY'] },
      { factory: 'Factory D', name: [] },
    ]));
    expect(answer(await backend.get('/factories?select=factory:name,...processes!inner(name)&order=name'))).toEqual(ok(WITH_PROCESSES));
  });


  it('filters the rows with is.null and not.is.null on the spread', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes(processes:name)&processes=is.null'))).toEqual(ok([
      { factory: 'Factory D', processes: [] },
    ]));
    expect(answer(await backend.get('/factories?select=factory:name,...processes(name)&processes=not.is.null&order=name'))).toEqual(ok(WITH_PROCESSES));
  });

  it('orders every array by the spread’s order, even by columns it does not select', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes(name)&processes.order=category_id.asc,name.desc&order=name'))).toEqual(ok([
      { factory: 'Factory A', name: ['Process A1', 'Process A2'] },
      { factory: 'Factory B', name: ['Process B2', 'Process B1'] },
      { factory: 'Factory C', name: ['Process YY', 'Process XX', 'Process C2', 'Process C1'] },
      { factory: 'Factory D', name: [] },
    ]));
  });

  it('gives [null] for a related row whose value is null, from a nested to-one spread', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes(process:name,...process_costs(cost))&processes.id=eq.7&id=eq.3'))).toEqual(ok([
      { factory: 'Factory C', process: ['Process XX'], cost: [null] },
    ]));
  });

  it('many-to-many: arrays through the junction', async () => {
    expect(answer(await backend.get('/users?select=user:name,...tasks(tasks:name)&tasks.order=id&order=id'))).toEqual(ok([
      { user: 'Angela Martin', tasks: ['Design w7', 'Code w7', 'Design w10', 'Code w10'] },
      { user: 'Michael Scott', tasks: ['Design IOS', 'Code IOS', 'Design OSX'] },
      { user: 'Dwight Schrute', tasks: ['Design w7', 'Design IOS'] },
    ]));
    expect(answer(await backend.get('/tasks?select=task:name,...users(users:name)&id=in.(1,8)&users.order=id&order=id'))).toEqual(ok([
      { task: 'Design w7', users: ['Angela Martin', 'Dwight Schrute'] },
      { task: 'Code OSX', users: [] },
    ]));
  });
});

describe('empty spreads', () => {
  it('answer as empty embeds: no key', async () => {
    expect(answer(await backend.get('/factories?select=factory:name,...processes()'))).toEqual(ok([
      { factory: 'Factory A' }, { factory: 'Factory B' }, { factory: 'Factory C' }, { factory: 'Factory D' },
    ]));
    expect(answer(await backend.get('/grandchild_entities?select=name,...child_entities(parent_name:name,...entities())'))).toEqual(ok([
      { name: 'grandchild entity 1', parent_name: 'child entity 1' },
      { name: 'grandchild entity 2', parent_name: 'child entity 1' },
      { name: 'grandchild entity 3', parent_name: 'child entity 2' },
      { name: '(grandchild,entity,4)', parent_name: 'child entity 2' },
      { name: '(grandchild,entity,5)', parent_name: 'child entity 2' },
    ]));
  });
});
