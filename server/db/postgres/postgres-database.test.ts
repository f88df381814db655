import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError } from '../data-dir-lock.ts';
import type { Database, DatabaseResults } from '../database.ts';
import { UnavailableExtensionError, withExtensionsOnDemand } from '../extensions-on-demand.ts';
import { openPGlite } from '../open-database.ts';
import { pgliteDatabase } from '../pglite-database.ts';
import { postgresError } from '../postgres-error.ts';
import { readInRequestTransaction, withRequestTransaction, type RequestContext } from '../request-transaction.ts';
import { INSTALL_SQL as CHANGES_INSTALL_SQL } from '../../realtime/changes/install-sql.ts';
import { NotifiedQueue } from '../../realtime/notified-queue.ts';
import { startBackend, type Backend } from '../../start-backend.ts';
import { startPostgresCluster, type PostgresCluster } from '../../testing/postgres-cluster.ts';
import { FIXTURE_PROJECT_DIR } from '../../testing/test-backend.ts';
import { postgresExtensionAdvice } from './extension-advice.ts';
import { openPostgresBackendDatabase } from './open-postgres.ts';
import { BACKEND_LOCK_KEY, DatabaseInUseError, openPostgresDatabase, type PostgresDatabase } from './postgres-database.ts';

let cluster: PostgresCluster;
const opened: { close(): Promise<void> }[] = [];
const dirs: string[] = [];
let databases = 0;

beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);

afterAll(async () => {
  for (const item of opened.reverse()) await item.close().catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  cluster?.stop();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-pg-test-'));
  dirs.push(dir);
  return dir;
}

/** A new empty database on the cluster. */
async function freshDatabase(): Promise<string> {
  databases += 1;
  return cluster.createDatabase(`parity_${process.pid}_${databases}`);
}

/** A new database, bootstrapped as the backend opens it. */
async function bootstrapped(poolSize?: number): Promise<PostgresDatabase> {
  const { db } = await openPostgresBackendDatabase({ url: await freshDatabase(), dataDir: await tempDir(), poolSize });
  opened.push(db);
  return db;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const ANON: RequestContext = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/' };

describe('bootstrap on a server with no platform roles yet', () => {
  it('bootstraps several databases of one server at once (roles belong to the server: each made once)', async () => {
    // The first bootstraps on this cluster: none finds the roles, each would create them.
    const urls = await Promise.all(Array.from({ length: 4 }, () => freshDatabase()));
    const dataDirs = await Promise.all(urls.map(() => tempDir()));
    const results = await Promise.allSettled(urls.map((url, i) => openPostgresBackendDatabase({ url, dataDir: dataDirs[i] ?? '' })));
    const all = results.map((result) => (result.status === 'fulfilled' ? result.value : null));
    for (const result of all) if (result) opened.push(result.db);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'opened'))).toEqual(['opened', 'opened', 'opened', 'opened']);
    expect(all.map((result) => result?.fresh)).toEqual([true, true, true, true]);
    const first = all[0]?.db;
    if (!first) throw new Error('no database opened');
    const { rows } = await first.query<{ rolname: string }>(
      `select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_functions_admin') order by 1`,
    );
    expect(rows.map((row) => row.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role', 'supabase_functions_admin']);
    // Each database got the search_path the bootstrap sets (not a database named "postgres").
    for (const result of all) {
      expect((await result?.db.query<{ search_path: string }>('show search_path'))?.rows[0]?.search_path).toBe('"$user", public, extensions');
    }
  });
});

describe('results as PGlite gives them', () => {
  let pglite: PGlite;
  let lite: Database;
  let pg: PostgresDatabase;

  beforeAll(async () => {
    pglite = await openPGlite(null);
    lite = pgliteDatabase(pglite);
    opened.push(lite);
    pg = await bootstrapped();
    for (const db of [lite, pg]) await db.exec(`create type public.mood as enum ('ok', 'meh')`);
    // PGlite learns array types at start-up only; the backend's PGlite starts after the migrations
    // that made them. Postgres' side looks a type up the first time it sees it.
    await pglite.refreshArrayTypes();
  }, 60_000);

  const VALUES_SQL = String.raw`select
    1::int2 as i2, (-2147483648)::int4 as i4, 9007199254740991::int8 as i8_safe, 9007199254740993::int8 as i8_big,
    12.50::numeric as num, 1.5::float4 as f4, 'NaN'::float8 as nan, '-Infinity'::float8 as ninf, 0.1::float8 as f8,
    true as t, false as f, 'héllo, "w"'::text as txt, 'v'::varchar(3) as vc, 'c'::char(3) as ch,
    '{"a": [1, 2, {"b": null}]}'::json as js, '[1, "x", true]'::jsonb as jb, 'null'::jsonb as jnull,
    '2024-02-29 13:45:01.123456+02'::timestamptz as tstz, '2024-02-29 13:45:01'::timestamp as ts, '2024-02-29'::date as d,
    'infinity'::timestamptz as inf, '-infinity'::date as ninfd, '13:45'::time as tm, '1 day 02:03:04'::interval as iv,
    '\x00ff10'::bytea as bin, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as id, 1259::oid as o, 'pg_class'::regclass as rc,
    array[1, null, 3]::int[] as ints, array['a,b', '"q"', '', null, 'NULL', 'x\y']::text[] as texts, array[true, false]::bool[] as bools,
    array['{"k": 1}', '[2]']::jsonb[] as jbs, array['2024-01-01T00:00:00Z']::timestamptz[] as tss, '{{1,2},{3,4}}'::int[] as grid,
    array['\x01'::bytea] as bins, array[1.5, 2]::numeric[] as nums, array[9007199254740993]::int8[] as bigs, '{}'::text[] as empty,
    array['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11']::uuid[] as ids, 'meh'::public.mood as m, array['ok', 'meh']::public.mood[] as moods,
    row(1, 'a') as rec, '1.2.3.4'::inet as ip, now() - now() as zero, null::int as nothing, null::int[] as no_array, 1 as dup, 2 as dup`;

  /** The result with the enum's type OIDs (each database numbers its own types) named instead. */
  async function withTypeNames(db: Database, result: DatabaseResults): Promise<DatabaseResults> {
    const { rows } = await db.query<{ mood: number; moods: number }>(`select 'public.mood'::regtype::oid::int as mood, 'public.mood[]'::regtype::oid::int as moods`);
    const names = new Map<number, string>(Object.entries(rows[0] ?? {}).map(([name, oid]) => [oid, name]));
    return { ...result, fields: result.fields.map((field) => ({ ...field, dataTypeID: names.get(field.dataTypeID) ?? field.dataTypeID })) } as DatabaseResults;
  }

  it('parses every type the services read to the same values, with the same fields, command and counts', async () => {
    const fromPglite = await withTypeNames(lite, await lite.query(VALUES_SQL));
    const fromPostgres = await withTypeNames(pg, await pg.query(VALUES_SQL));
    expect(fromPostgres).toStrictEqual(fromPglite);
    expect(fromPostgres.fields.find((field) => field.name === 'moods')?.dataTypeID).toBe('moods');
    // What the parity means in values, for the ones a reader would guess wrong.
    const row = fromPostgres.rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ i8_safe: 9007199254740991, i8_big: 9007199254740993n, num: '12.50', inf: Infinity, d: new Date('2024-02-29'), moods: ['ok', 'meh'], dup: 2 });
    expect(row.bin).toStrictEqual(new Uint8Array([0, 255, 16]));
  });

  it('sends parameters as PGlite does: dates in UTC, arrays, objects as JSON, bytes, bigints', async () => {
    const sql = `select $1::timestamptz as at, $2::timestamp as local, $3::text as as_text, $4::text[] as list, $5::jsonb as doc,
      $6::bytea as bin, $7::int8 as big, $8::bool as yes, $9::uuid as id, $10::date as day, $11::int[] as ints, $12::text as nothing`;
    const params = [
      new Date('2024-02-29T13:45:01.123Z'), new Date('2024-02-29T13:45:01.123Z'), new Date('2024-02-29T13:45:01.123Z'),
      ['a', 'b,c', null, '"q"'], { k: [1, 2], s: 'x' }, new Uint8Array([1, 2, 255]), 9007199254740993n, true,
      'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2024-02-29', [1, 2, 3], null,
    ];
    expect(await pg.query(sql, params)).toStrictEqual(await lite.query(sql, params));
  });

  it('gives one result per statement of an exec, with affectedRows summed as PGlite sums them', async () => {
    const sql = `create table public.counted (a int); insert into public.counted values (1), (2); update public.counted set a = 3;
      select a from public.counted; delete from public.counted; drop table public.counted`;
    const fromPostgres = await pg.exec(sql);
    expect(fromPostgres).toStrictEqual(await lite.exec(sql));
    expect(fromPostgres.map((result) => result.affectedRows)).toEqual([0, 2, 4, 4, 6, 6]);
    // A single statement is still an array of one.
    expect(await pg.exec('select 1 as one')).toStrictEqual(await lite.exec('select 1 as one'));
  });

  it('counts the rows an INSERT, UPDATE or DELETE changed, and none for a SELECT', async () => {
    for (const db of [lite, pg]) await db.exec('create table public.touched (a int); insert into public.touched values (1), (2), (3)');
    for (const sql of ['update public.touched set a = a + 1 where a > 1', 'select a from public.touched', 'delete from public.touched']) {
      expect(await pg.query(sql)).toStrictEqual(await lite.query(sql));
    }
  });

  it('leaves raw types as the text Postgres wrote', async () => {
    const [fromPglite, fromPostgres] = await Promise.all([lite, pg].map((db) => db.query<{ 'QUERY PLAN': unknown }>('explain (format json) select 1', [], { rawTypes: [114] })));
    for (const result of [fromPglite, fromPostgres]) expect(typeof result.rows[0]?.['QUERY PLAN']).toBe('string');
    const nodeType = (text: unknown) => (JSON.parse(String(text)) as { Plan: { 'Node Type': string } }[])[0]?.Plan['Node Type'];
    expect(nodeType(fromPostgres.rows[0]?.['QUERY PLAN'])).toBe(nodeType(fromPglite.rows[0]?.['QUERY PLAN']));
  });

  it('fails with the same Postgres fields: code, message, detail, constraint, position', async () => {
    for (const db of [lite, pg]) await db.exec('create table public.unique_once (id int primary key)');
    const failure = async (db: Database, sql: string) => {
      try {
        await db.query(sql);
      } catch (error) {
        const fields = error as Record<string, unknown>;
        return { ...postgresError(error), constraint: fields.constraint, table: fields.table, position: fields.position, isError: error instanceof Error };
      }
      throw new Error(`${sql} did not fail`);
    };
    for (const sql of [
      'insert into public.unique_once values (1), (1)',
      'select from where',
      'select 1; select 2',
      'select 1 / 0',
      'select * from public.nowhere',
    ]) {
      const fromPostgres = await failure(pg, sql);
      expect(fromPostgres).toEqual(await failure(lite, sql));
      expect(fromPostgres.isError).toBe(true);
    }
    expect(await failure(pg, 'insert into public.unique_once values (1), (1)')).toMatchObject({
      code: '23505', detail: 'Key (id)=(1) already exists.', constraint: 'unique_once_pkey', table: 'unique_once',
    });
  });

  it('runs transactions as PGlite does: commit, rollback on a throw, tx.rollback() keeping the value, 25P02 after a swallowed error', async () => {
    for (const db of [lite, pg]) {
      await db.exec('create table public.tx_rows (v text)');
      await db.transaction((tx) => tx.query(`insert into public.tx_rows values ('kept')`));
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into public.tx_rows values ('thrown')`);
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      let after: unknown = null;
      const value = await db.transaction(async (tx) => {
        await tx.query(`insert into public.tx_rows values ('rolled back')`);
        await tx.rollback();
        after = await tx.query('select 1').catch((error: unknown) => (error as Error).message);
        return 'the callback value';
      });
      expect(value).toBe('the callback value');
      expect(after).toBe('Transaction is closed');
      const aborted = await db
        .transaction(async (tx) => {
          await tx.query('select 1 / 0').catch(() => undefined);
          return 'unreached';
        })
        .catch((error: unknown) => postgresError(error));
      expect(aborted).toMatchObject({ code: '25P02', message: 'Transaction was rolled back instead of committed' });
      expect((await db.query('select v from public.tx_rows')).rows).toEqual([{ v: 'kept' }]);
    }
  });
});

describe('a real server underneath: connections, locks, notifications, timeouts', () => {
  let db: PostgresDatabase;

  beforeAll(async () => {
    db = await bootstrapped(2);
  }, 60_000);

  it('runs two transactions at once, each on its own connection', async () => {
    await db.exec(`create table public.locked (id int primary key); insert into public.locked values (1)`);
    const refused = await db.transaction(async (first) => {
      await first.query('select id from public.locked where id = 1 for update');
      // Another transaction now: PGlite would wait for this one (one session); Postgres answers at once.
      return db.transaction((second) => second.query('select id from public.locked where id = 1 for update nowait')).catch((error: unknown) => postgresError(error)?.code);
    });
    expect(refused).toBe('55P03');
  });

  it('drops a connection that broke inside a transaction instead of handing it out again', async () => {
    const failed = await db.transaction((tx) => tx.query('select pg_terminate_backend(pg_backend_pid())')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    // More queries than the pool has connections: a broken one handed out again would fail one of them.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => db.query<{ n: number }>('select $1::int as n', [i])));
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('tells listeners after the commit, before the writing call resolves, and never of a rollback', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('parity_news', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.exec(`notify parity_news, 'committed'`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['committed']);
    await db.transaction(async (tx) => {
      await tx.exec(`notify parity_news, 'rolled back'`);
      await tx.rollback();
    });
    await db.exec(`notify parity_news, 'autocommit'`);
    expect(heard).toEqual(['committed', 'autocommit']);
    await unlisten();
    await db.exec(`notify parity_news, 'unheard'`);
    expect(heard).toEqual(['committed', 'autocommit']);
  });

  it('reconnects the session that listens and holds the lock, and tells every listener to look again', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('parity_reconnect', (payload) => heard.push(payload));
    const quoted: string[] = [];
    const unlistenQuoted = await db.listen('"Parity_Quoted"', (payload) => quoted.push(payload));
    const { rows } = await db.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_locks
        where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())`,
      [...BACKEND_LOCK_KEY],
    );
    expect(rows).toEqual([{ ended: true }]);
    await vi.waitFor(() => expect(heard).toEqual(['']), { timeout: 20_000, interval: 50 });
    await db.exec(`notify parity_reconnect, 'after'; notify "Parity_Quoted", 'quoted'`);
    expect(heard).toEqual(['', 'after']);
    // A channel named in quotes is listened to again by that exact name.
    expect(quoted).toEqual(['', 'quoted']);
    await unlistenQuoted();
    // And the database is still this backend's.
    await expect(openPostgresDatabase(db.target.display)).rejects.toBeInstanceOf(DatabaseInUseError);
    await unlisten();
  });

  it('cancels a statement at the request role’s timeout (57014) and leaves the next request on that connection unlimited', async () => {
    const timedOut = (error: unknown) => postgresError(error);
    const inTransaction = await withRequestTransaction(db, { ...ANON, statementTimeoutMs: 100 }, (tx) => tx.query('select pg_sleep(30)')).catch(timedOut);
    expect(inTransaction).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    const inOneTrip = await readInRequestTransaction(db, { ...ANON, statementTimeoutMs: 100 }, 'select pg_sleep(30)').catch(timedOut);
    expect(inOneTrip).toMatchObject({ code: '57014' });
    // The timeout was the transaction's (set_config(…, true)): the pool's two connections run on without it.
    const rows = await Promise.all([0, 1].map(() => readInRequestTransaction<{ slept: boolean }>(db, ANON, 'select pg_sleep(0.3) is not null as slept')));
    expect(rows).toEqual([[{ slept: true }], [{ slept: true }]]);
  });

  it('lets one backend serve a database: a second is refused naming it, another database of the server is not', async () => {
    const url = await freshDatabase();
    const first = await openPostgresDatabase(url);
    opened.push(first);
    const refused = await openPostgresDatabase(url).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toMatch(new RegExp(`^database "${first.target.database}" at postgres://postgres@127\\.0\\.0\\.1:\\d+/${first.target.database} is in use by another local backend \\(PostgreSQL session \\d+, application "lumen-local-backend \\(pid ${process.pid}\\)"`));
    const other = await openPostgresDatabase(await freshDatabase());
    await other.close();
    await first.close();
    // A closed database answers as a lost connection does (class 08: REST's 503), not with pg's own text.
    expect(await first.query('select 1').catch((error: unknown) => postgresError(error)?.code)).toBe('08003');
    const again = await openPostgresDatabase(url);
    await again.close();
  });

  it('names the server, never the password, when it cannot connect, and says what to do', async () => {
    const port = await freePort();
    const unreachable = (await openPostgresDatabase(`postgres://postgres:very-secret@127.0.0.1:${port}/lumen`).catch((error: unknown) => error)) as Error;
    expect(unreachable.message).toBe(`Cannot connect to PostgreSQL at postgres://postgres@127.0.0.1:${port}/lumen: connection refused: is PostgreSQL running and listening there?`);
    const missing = (await openPostgresDatabase(db.target.display.replace(/\/[^/]+$/, '/no_such_database')).catch((error: unknown) => error)) as Error;
    expect(missing.message).toMatch(/: database "no_such_database" does not exist: create it first \(createdb no_such_database\)$/);
  });

  it('refuses a user that is not a superuser before writing anything, saying why', async () => {
    await db.exec(`create role parity_plain login`);
    const url = new URL(await freshDatabase());
    url.username = 'parity_plain';
    const refused = (await openPostgresBackendDatabase({ url: url.toString(), dataDir: await tempDir() }).catch((error: unknown) => error)) as Error;
    expect(refused.message).toMatch(/^PostgreSQL user "parity_plain" at .+ is not a superuser\. .+connect as a superuser/);
  });

  it('says which files to copy where when the server lacks an extension', async () => {
    const failure = (await withExtensionsOnDemand(db, 'supabase/migrations/0001_x.sql', () => db.exec('create extension parity_missing')).catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(UnavailableExtensionError);
    expect(failure.message).toMatch(/^The local backend cannot create extension "parity_missing" \(asked for by supabase\/migrations\/0001_x\.sql\): the PostgreSQL server does not have extension "parity_missing" installed \(no \/.+\/extension\/parity_missing\.control\): install its package/);
    // The platform's own SQL extensions come with the files to copy.
    const detail = 'Could not open extension control file "/usr/share/postgresql/15/extension/pg_net.control": No such file or directory.';
    expect(postgresExtensionAdvice('pg_net', { detail })).toContain(
      'copy server/db/extensions/pg_net--0.20.4.sql and server/db/extensions/pg_net.control into /usr/share/postgresql/15/extension on the database server',
    );
  });
});

describe('services on many connections', () => {
  let db: PostgresDatabase;

  beforeAll(async () => {
    db = await bootstrapped();
  }, 60_000);

  it('a queue read by id loses no row whose transaction commits after a later one', async () => {
    await db.exec('create table public.parity_queue (id bigint generated always as identity primary key, v text not null)');
    const read: string[] = [];
    const queue = new NotifiedQueue<{ id: number; v: string }>(db, {
      channel: 'parity_queue_wake',
      table: 'public.parity_queue',
      columns: 'id::float8 as id, v',
      label: 'parity',
      onBatch: (rows) => void read.push(...rows.map((row) => row.v)),
    });
    await queue.start();
    await db.transaction(async (tx) => {
      // This row takes the lower id but commits last.
      await tx.exec(`insert into public.parity_queue (v) values ('first'); notify parity_queue_wake`);
      await db.exec(`insert into public.parity_queue (v) values ('second'); notify parity_queue_wake`);
      await vi.waitFor(() => expect(read).toEqual(['second']), { timeout: 10_000, interval: 20 });
    });
    await vi.waitFor(() => expect(read).toEqual(['second', 'first']), { timeout: 10_000, interval: 20 });
    await queue.stop();
    expect((await db.query('select * from public.parity_queue')).rows).toEqual([]);
  });

  it('installs realtime’s queue from several connections at once', async () => {
    const fresh = await bootstrapped();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => fresh.exec(CHANGES_INSTALL_SQL)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
  });
});

describe('a whole backend on PostgreSQL', () => {
  let url: string;
  let dir: string;
  let backend: Backend;

  beforeAll(async () => {
    url = await freshDatabase();
    dir = await tempDir();
    backend = await startBackend({ projectDir: FIXTURE_PROJECT_DIR, data: { databaseUrl: url, dir }, port: 0, auth: { bcryptCost: 4, perIpLimits: false } });
    opened.push(backend);
  }, 120_000);

  it('answers auth, REST and storage, on the database at the URL and storage under the directory', async () => {
    expect(backend.ctx.db.engine).toBe('postgres');
    expect(backend.startup.fresh).toBe(true);
    const client = backend.anonClient();
    const { data, error } = await client.auth.signUp({ email: 'pg-user@example.test', password: 'long-enough-1' });
    expect(error).toBeNull();
    expect((await client.from('fixture_notes').insert({ body: 'on postgres' }).select('body')).data).toEqual([{ body: 'on postgres' }]);
    const service = backend.serviceClient();
    expect((await service.storage.createBucket('parity', { public: true })).error).toBeNull();
    expect((await service.storage.from('parity').upload('a.txt', new Blob(['bytes']), { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await backend.fetch(`${backend.url}/storage/v1/object/public/parity/a.txt`)).text()).toBe('bytes');
    const { rows } = await backend.ctx.db.query<{ id: string }>('select id from auth.users where email = $1', ['pg-user@example.test']);
    expect(rows).toEqual([{ id: data.user?.id }]);
  });

  it('rotates a refresh token once however many refreshes of it arrive at once', async () => {
    const { data } = await backend.anonClient().auth.signInWithPassword({ email: 'pg-user@example.test', password: 'long-enough-1' });
    const token = data.session?.refresh_token ?? '';
    const refresh = () =>
      backend.fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
    const answers = await Promise.all(Array.from({ length: 4 }, refresh));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { refresh_token?: string }[];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // One rotation: every caller gets the same new token (the later ones by the reuse window).
    expect(new Set(bodies.map((body) => body.refresh_token)).size).toBe(1);
    const children = await backend.ctx.db.query('select token from auth.refresh_tokens where parent = $1', [token]);
    expect(children.rows).toEqual([{ token: bodies[0]?.refresh_token }]);
  });

  it('stops an anonymous REST request at the anon role’s timeout with PostgREST’s 57014 answer, where no per-row check could', async () => {
    await backend.ctx.db.exec(`create function public.nap(seconds float8) returns boolean language sql as $$ select pg_sleep(seconds) is not null $$;
      alter role anon set statement_timeout = '200ms'; notify pgrst, 'reload config'`);
    try {
      const key = backend.ctx.keys.anonKey;
      const answer = await backend.fetch(`${backend.url}/rest/v1/rpc/nap?seconds=30`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('proxy-status')).toBe('PostgREST; error=57014');
      expect(await answer.json()).toEqual({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null });
    } finally {
      await backend.ctx.db.exec(`alter role anon set statement_timeout = '3s'; notify pgrst, 'reload config'`);
    }
  });

  it('refuses a second backend on the database, and one on the directory, then opens warm after a close', async () => {
    const onDatabase = await startBackend({ projectDir: FIXTURE_PROJECT_DIR, data: { databaseUrl: url, dir: await tempDir() } }).catch((error: unknown) => error);
    expect(onDatabase).toBeInstanceOf(DatabaseInUseError);
    const onDirectory = await startBackend({ projectDir: FIXTURE_PROJECT_DIR, data: { databaseUrl: await freshDatabase(), dir } }).catch((error: unknown) => error);
    expect(onDirectory).toBeInstanceOf(DataDirLockedError);
    await backend.close();
    const again = await startBackend({ projectDir: FIXTURE_PROJECT_DIR, data: { databaseUrl: url, dir } });
    opened.push(again);
    expect(again.startup).toMatchObject({ fresh: false, migrations: { applied: [], seeded: false } });
    expect((await again.ctx.db.query('select body from public.fixture_notes')).rows).toEqual([{ body: 'on postgres' }]);
    await again.close();
  });
});
