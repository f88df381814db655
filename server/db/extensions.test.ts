import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openBackend } from '../backend-context.ts';
import { bundledExtensions, extensionAvailable } from './extension-bundles.ts';
import { displayPath } from './extensions-on-demand.ts';
import { bootstrapDatabase, openPGlite } from './open-database.ts';
import { platformExtensions } from './platform-extensions.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A Supabase project folder with these migrations (file name → SQL). */
async function project(migrations: Record<string, string>): Promise<string> {
  const dir = await tempDir('lumen-extensions-');
  await mkdir(path.join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(migrations)) await writeFile(path.join(dir, 'migrations', name), sql);
  return dir;
}

const open = (projectDir: string, dataDir: string | null = null) => openBackend({ projectDir, dataDir, publicUrl: 'http://localhost:1' });

const USES_EXTENSIONS = {
  '20250101000000_extensions.sql': `
    create extension if not exists vector with schema extensions;
    create extension if not exists hstore with schema extensions;
    create extension if not exists ltree with schema extensions;
    create extension if not exists cube with schema extensions;
    create extension if not exists earthdistance with schema extensions;
    create extension if not exists btree_gist with schema extensions;
    create extension if not exists moddatetime with schema extensions;`,
  '20250101000100_places.sql': `
    create table public.places (
      id int primary key,
      embedding extensions.vector(3),
      tags extensions.hstore,
      path extensions.ltree,
      room int,
      booked tstzrange,
      updated_at timestamptz,
      -- btree_gist: equality on an int together with overlap on a range
      exclude using gist (room with =, booked with &&)
    );
    create index on public.places using hnsw (embedding extensions.vector_l2_ops);
    create trigger places_updated before update on public.places
      for each row execute procedure extensions.moddatetime(updated_at);
    insert into public.places (id, embedding, tags, path, room, booked) values
      (1, '[1,2,3]', 'kind=>shop, floor=>2', 'top.shops.books', 1, '[2025-01-01 10:00Z, 2025-01-01 11:00Z)'),
      (2, '[9,9,9]', 'kind=>cafe', 'top.food', 1, '[2025-01-01 11:00Z, 2025-01-01 12:00Z)');`,
};

describe('extensions PGlite ships', () => {
  it('are not installed at start-up unless the database has them', async () => {
    const db = await openPGlite(null);
    try {
      // The platform bootstrap creates these…
      for (const name of ['pg_trgm', 'pgcrypto', 'uuid-ossp', 'pg_net', 'supabase_vault', 'pg_cron']) expect(extensionAvailable(db, name), name).toBe(true);
      // …and nothing has asked for these yet.
      for (const name of ['vector', 'hstore', 'ltree', 'postgis']) expect(extensionAvailable(db, name), name).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('load when a migration creates them, and each works', async () => {
    const { ctx } = await open(await project(USES_EXTENSIONS));
    try {
      const nearest = await ctx.db.query(`select id from public.places order by embedding operator(extensions.<->) '[1,2,4]' limit 1`);
      expect(nearest.rows).toEqual([{ id: 1 }]);
      const hstore = await ctx.db.query(`select tags operator(extensions.->) 'kind' as kind from public.places order by id`);
      expect(hstore.rows).toEqual([{ kind: 'shop' }, { kind: 'cafe' }]);
      const ltree = await ctx.db.query(`select id from public.places where path operator(extensions.<@) 'top.shops'::extensions.ltree`);
      expect(ltree.rows).toEqual([{ id: 1 }]);
      const distance = await ctx.db.query<{ metres: number }>(
        `select round(extensions.earth_distance(extensions.ll_to_earth(0, 0), extensions.ll_to_earth(0, 1)))::int as metres`,
      );
      expect(distance.rows[0].metres).toBeGreaterThan(111_000);
      expect(distance.rows[0].metres).toBeLessThan(111_400);
      await expect(
        ctx.db.exec(`insert into public.places (id, room, booked) values (3, 1, '[2025-01-01 10:30Z, 2025-01-01 10:45Z)')`),
      ).rejects.toMatchObject({ code: '23P01' });
      await ctx.db.exec(`update public.places set room = 2 where id = 2`);
      expect((await ctx.db.query(`select updated_at is not null as touched from public.places where id = 2`)).rows).toEqual([{ touched: true }]);
    } finally {
      await ctx.db.close();
    }
  }, 60_000);

  it('load again when a saved database that has them is opened', async () => {
    const projectDir = await project(USES_EXTENSIONS);
    const dataDir = await tempDir('lumen-extensions-data-');
    const first = await open(projectDir, dataDir);
    await first.ctx.db.close();
    const second = await open(projectDir, dataDir);
    try {
      expect(second.migrations.applied).toEqual([]);
      const rows = await second.ctx.db.query(
        `select (tags operator(extensions.->) 'floor') as floor, (embedding operator(extensions.<->) '[1,2,3]') as distance from public.places where id = 1`,
      );
      expect(rows.rows).toEqual([{ floor: '2', distance: 0 }]);
    } finally {
      await second.ctx.db.close();
    }
  }, 60_000);

  it('are installed when the platform bootstrap of a brand-new database creates them', async () => {
    // What happens once per PGlite version or bootstrap change, before the snapshot exists.
    const db = await PGlite.create({ extensions: { platform: platformExtensions } });
    try {
      expect(extensionAvailable(db, 'pgcrypto')).toBe(false);
      await bootstrapDatabase(db);
      const { rows } = await db.query<{ extname: string }>(`select extname from pg_extension where extname in ('pg_trgm', 'pgcrypto', 'uuid-ossp') order by 1`);
      expect(rows.map((row) => row.extname)).toEqual(['pg_trgm', 'pgcrypto', 'uuid-ossp']);
      expect((await db.query(`select length(extensions.gen_salt('bf')) as n`)).rows).toEqual([{ n: 29 }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('can every one be created by a migration', async () => {
    const db = await openPGlite(null);
    const names = await bundledExtensions(db).finally(() => db.close());
    // PGlite's contrib set, pgvector and the platform's three.
    expect(names).toEqual(expect.arrayContaining(['btree_gist', 'cube', 'hstore', 'isn', 'ltree', 'pg_cron', 'seg', 'tablefunc', 'vector']));
    // One migration each: a file is run again after each extension it installs.
    const migrations = Object.fromEntries(
      names.map((name, index) => [`${20250101000000 + index}_${name}.sql`, `create extension if not exists "${name}" with schema extensions cascade;`]),
    );
    const { ctx } = await open(await project(migrations));
    try {
      const { rows } = await ctx.db.query<{ extname: string }>('select extname from pg_extension');
      expect(rows.map((row) => row.extname)).toEqual(expect.arrayContaining(names));
    } finally {
      await ctx.db.close();
    }
  }, 120_000);

  it('come along when create extension … cascade needs them', async () => {
    const { ctx } = await open(await project({ '20250101000000_geo.sql': 'create extension earthdistance cascade;' }));
    try {
      const { rows } = await ctx.db.query(`select extname from pg_extension where extname in ('cube', 'earthdistance') order by 1`);
      expect(rows).toEqual([{ extname: 'cube' }, { extname: 'earthdistance' }]);
    } finally {
      await ctx.db.close();
    }
  });

  it('include the ones a `supabase db pull` header creates, beside the platform bootstrap', async () => {
    const { ctx } = await open(
      await project({
        '20250101000000_remote_schema.sql': `
          create extension if not exists "pg_stat_statements" with schema "extensions";
          create extension if not exists "pgcrypto" with schema "extensions";
          create extension if not exists "supabase_vault" with schema "vault";
          create extension if not exists "uuid-ossp" with schema "extensions";
          create extension if not exists "pg_net" with schema "extensions";
          create extension if not exists pg_cron with schema pg_catalog;`,
      }),
    );
    try {
      const { rows } = await ctx.db.query<{ extname: string }>(`select extname from pg_extension order by 1`);
      expect(rows.map((row) => row.extname)).toEqual(
        expect.arrayContaining(['pg_cron', 'pg_net', 'pg_stat_statements', 'pgcrypto', 'supabase_vault', 'uuid-ossp']),
      );
    } finally {
      await ctx.db.close();
    }
  });
});

describe('an extension PGlite does not ship', () => {
  it('stops start-up naming the extension, the migration and what to do', async () => {
    const projectDir = await project({
      '20250101000000_tables.sql': 'create table public.shops (id int primary key);',
      '20250101000100_geo.sql': 'create extension if not exists postgis with schema extensions;\nalter table public.shops add column at geography;',
    });
    const file = displayPath(path.join(projectDir, 'migrations', '20250101000100_geo.sql'));
    await expect(open(projectDir)).rejects.toThrow(
      `The local backend cannot load extension "postgis" (asked for by ${file}): PGlite, the local backend's Postgres, does not ship it. ` +
        `Remove it from the migration, or run this project on the Supabase CLI's Docker stack (supabase start).`,
    );
  });

  it('is named when it is one hosted Supabase preinstalls, such as pg_graphql', async () => {
    const projectDir = await project({ '20250101000000_remote_schema.sql': 'create extension if not exists "pg_graphql" with schema "graphql";' });
    await expect(open(projectDir)).rejects.toThrow(/cannot load extension "pg_graphql" \(asked for by .*20250101000000_remote_schema\.sql\)/);
  });
});
