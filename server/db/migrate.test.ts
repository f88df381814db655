import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateProject, runMigrations } from './migrate.ts';
import { openDatabase } from './open-database.ts';

const dirs: string[] = [];
let db: Database;

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-migrate-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(files)) {
    await writeFile(path.join(dir, name === 'seed.sql' ? name : path.join('migrations', name)), sql);
  }
  return dir;
}

/** Each test gets its own schema so tests share one database without depending on each other. */
let schemaCounter = 0;
function schemaName(): string {
  schemaCounter += 1;
  return `mig_test_${schemaCounter}`;
}

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
});
afterEach(async () => {
  await db.exec('truncate supabase_migrations.schema_migrations, supabase_migrations.seed_files');
});
afterAll(async () => {
  await db.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('runMigrations', () => {
  it('applies files in filename order, each once, recording them', async () => {
    const s = schemaName();
    const dir = await project({
      '20250102000000_second.sql': `insert into ${s}.log values ('second');`,
      '20250101000000_first.sql': `create schema ${s}; create table ${s}.log (step text); insert into ${s}.log values ('first');`,
    });
    const first = await runMigrations(db, dir);
    expect(first.applied).toEqual(['20250101000000_first.sql', '20250102000000_second.sql']);
    const again = await runMigrations(db, dir);
    expect(again.applied).toEqual([]);
    expect(again.skipped).toHaveLength(2);
    expect((await db.query(`select step from ${s}.log`)).rows).toEqual([{ step: 'first' }, { step: 'second' }]);
    const { rows } = await db.query('select version, name from supabase_migrations.schema_migrations order by version');
    expect(rows).toEqual([
      { version: '20250101000000', name: 'first' },
      { version: '20250102000000', name: 'second' },
    ]);
  });

  it('stops at a failing migration, naming the file and the SQL error, and keeps nothing of it', async () => {
    const s = schemaName();
    const dir = await project({
      '20250101000000_ok.sql': `create schema ${s};`,
      '20250102000000_broken.sql': `create table ${s}.t (id int); select * from ${s}.missing_table;`,
      '20250103000000_never.sql': `create table ${s}.never (id int);`,
    });
    await expect(runMigrations(db, dir)).rejects.toThrow(/20250102000000_broken\.sql.*missing_table.*does not exist/);
    expect((await db.query(`select to_regclass('${s}.t') as t, to_regclass('${s}.never') as never`)).rows).toEqual([{ t: null, never: null }]);
    expect((await db.query('select version from supabase_migrations.schema_migrations')).rows).toEqual([{ version: '20250101000000' }]);
  });

  it('runs hosted-style migrations: auth.users FKs, extensions, RLS, publication, default grants', async () => {
    const s = schemaName();
    const dir = await project({
      '20250101000000_app.sql': `
        create table public.${s}_items (
          id uuid primary key default extensions.gen_random_uuid(),
          owner uuid references auth.users (id) on delete cascade default auth.uid(),
          title text);
        alter table public.${s}_items enable row level security;
        create policy "owners" on public.${s}_items for all to authenticated using (owner = (select auth.uid()));
        alter publication supabase_realtime add table public.${s}_items;
        create index on public.${s}_items using gin (title extensions.gin_trgm_ops);`,
    });
    await runMigrations(db, dir);
    const grants = await db.query<{ grantee: string }>(
      `select distinct grantee from information_schema.role_table_grants where table_name = $1 order by grantee`,
      [`${s}_items`],
    );
    expect(grants.rows.map((row) => row.grantee)).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']));
    const published = await db.query(`select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = $1`, [`${s}_items`]);
    expect(published.rows).toHaveLength(1);
  });
});

describe('migrateProject and seed', () => {
  it('seeds a fresh database once, and never an already migrated one', async () => {
    const s = schemaName();
    const dir = await project({
      '20250101000000_t.sql': `create schema ${s}; create table ${s}.rows (n int);`,
      'seed.sql': `insert into ${s}.rows values (1);`,
    });
    expect((await migrateProject(db, dir)).seeded).toBe(true);
    expect((await migrateProject(db, dir)).seeded).toBe(false);
    expect((await db.query(`select count(*)::int as n from ${s}.rows`)).rows).toEqual([{ n: 1 }]);
  });

  it('does not seed a database that already has migrations (not fresh)', async () => {
    const s = schemaName();
    const dir = await project({ '20250101000000_t.sql': `create schema ${s}; create table ${s}.rows (n int);` });
    await migrateProject(db, dir);
    await writeFile(path.join(dir, 'seed.sql'), `insert into ${s}.rows values (1);`);
    expect((await migrateProject(db, dir)).seeded).toBe(false);
  });

  it('names seed.sql when it fails', async () => {
    const dir = await project({ 'seed.sql': 'insert into nowhere values (1);' });
    await expect(migrateProject(db, dir)).rejects.toThrow(/seed\.sql.*nowhere/);
  });
});
