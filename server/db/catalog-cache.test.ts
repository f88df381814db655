import type { Database } from './database.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TableCatalog } from '../realtime/changes/table-catalog.ts';
import { findTable, loadSchemaCache } from '../rest/schema-cache.ts';
import { catalogCacheOf } from './catalog-cache.ts';
import { openDatabase } from './open-database.ts';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await db.exec('create table public.notes (id int primary key, body text)');
});

afterAll(async () => {
  await db.close();
});

/** Notifications are delivered after the statement's commit; give the listener its turn. */
async function settled(): Promise<void> {
  await db.query('select 1');
}

it('is one cache per database', () => {
  expect(catalogCacheOf(db)).toBe(catalogCacheOf(db));
});

it('loads a key once until DDL, then again', async () => {
  const cache = catalogCacheOf(db);
  let loads = 0;
  const load = async (): Promise<number> => ++loads;
  expect(await cache.read('test:count', load)).toBe(1);
  expect(await cache.read('test:count', load)).toBe(1);
  await db.exec('create index notes_body on public.notes (body)');
  await settled();
  expect(await cache.read('test:count', load)).toBe(2);
  // A drop fires sql_drop, and PostgREST's own reload message works from SQL as on hosted.
  await db.exec('drop index public.notes_body');
  await settled();
  expect(await cache.read('test:count', load)).toBe(3);
  await db.exec(`notify pgrst, 'reload schema'`);
  await settled();
  expect(await cache.read('test:count', load)).toBe(4);
});

it('forgets a load that failed, so the next read tries again', async () => {
  const cache = catalogCacheOf(db);
  await expect(cache.read('test:flaky', () => Promise.reject(new Error('catalog busy')))).rejects.toThrow('catalog busy');
  expect(await cache.read('test:flaky', async () => 'loaded')).toBe('loaded');
});

it('stales REST’s schema cache and Realtime’s table shapes with one DDL', async () => {
  const cache = catalogCacheOf(db);
  const rest = () => cache.read('rest:public', (database) => loadSchemaCache(database, ['public']));
  const realtime = new TableCatalog(db);
  expect([...(findTable(await rest(), 'public', 'notes')?.columns.keys() ?? [])]).toEqual(['id', 'body']);
  expect((await realtime.table('public', 'notes'))?.columns.map((column) => column.name)).toEqual(['id', 'body']);

  await db.exec('alter table public.notes add column pinned boolean');
  await settled();

  expect([...(findTable(await rest(), 'public', 'notes')?.columns.keys() ?? [])]).toEqual(['id', 'body', 'pinned']);
  expect((await realtime.table('public', 'notes'))?.columns.map((column) => column.name)).toEqual(['id', 'body', 'pinned']);
});

it('stales column privileges on GRANT and REVOKE', async () => {
  const realtime = new TableCatalog(db);
  const info = await realtime.table('public', 'notes');
  if (!info) throw new Error('notes is missing');
  await db.exec('revoke all on public.notes from authenticated; grant select (id) on public.notes to authenticated');
  await settled();
  expect([...(await realtime.selectableColumns(info, 'authenticated'))]).toEqual(['id']);
  await db.exec('grant select (body) on public.notes to authenticated');
  await settled();
  expect([...(await realtime.selectableColumns(info, 'authenticated'))].sort()).toEqual(['body', 'id']);
});
