import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { UnavailableExtensionError, withExtensionsOnDemand } from '../extensions-on-demand.ts';
import { postgresError } from '../postgres-error.ts';
import { deserializeError, serializeError } from './protocol.ts';
import { openWorkerDatabase } from './worker-database.ts';

/** The RPC to PGlite in a real worker thread: what services see must match PGlite on their own thread. */

const OPEN_TIMEOUT_MS = 120_000;
const JSON_OID = 114;

describe('a database in a worker thread', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openWorkerDatabase({ pgdata: null });
    await db.exec(`
      create table public.users (id int primary key, email text constraint users_email_key unique);
      create table public.counter (id int primary key, n int not null);
      insert into public.counter values (1, 0);
    `);
  }, OPEN_TIMEOUT_MS);

  afterAll(async () => {
    await db?.close();
  });

  it('answers a query with parameters, PGlite-parsed values, and raw text for the types asked', async () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    const { rows, fields } = await db.query<{ n: number; s: string; at: Date; bytes: Uint8Array; j: unknown }>(
      `select $1::int + 1 as n, $2::text as s, $3::timestamptz as at, $4::bytea as bytes, '{"a": [1, 2]}'::json as j`,
      [41, 'hello', when, new Uint8Array([1, 2, 255])],
    );
    expect(rows).toEqual([{ n: 42, s: 'hello', at: when, bytes: new Uint8Array([1, 2, 255]), j: { a: [1, 2] } }]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
    expect(fields.map((field) => field.name)).toEqual(['n', 's', 'at', 'bytes', 'j']);

    const raw = await db.query<{ j: unknown }>(`select '{"a": [1, 2]}'::json as j`, [], { rawTypes: [JSON_OID] });
    expect(raw.rows[0]?.j).toBe('{"a": [1, 2]}');
  });

  it('runs several statements in one exec, a result each', async () => {
    const results = await db.exec(`
      create temporary table scratch (n int);
      insert into scratch values (1), (2), (3);
      select sum(n)::int as total from scratch;
    `);
    expect(results).toHaveLength(3);
    expect(results[1]?.affectedRows).toBe(3);
    expect(results[2]?.rows).toEqual([{ total: 6 }]);
  });

  it('rejects with an Error carrying every Postgres field: a unique violation', async () => {
    await db.query(`insert into public.users values (1, 'a@example.com')`);
    const error = await db.query(`insert into public.users values (2, 'a@example.com')`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_key"',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(a@example.com) already exists.',
      constraint: 'users_email_key',
      schema: 'public',
      table: 'users',
      routine: expect.any(String),
    });
    expect(postgresError(error)).toMatchObject({ code: '23505', detail: 'Key (email)=(a@example.com) already exists.' });
  });

  it('gives a syntax error its position', async () => {
    const error = await db.query('select 1 frm nowhere').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '42601', position: '14', message: 'syntax error at or near "nowhere"' });
  });

  it('commits a transaction whose callback resolves, and returns its value', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query(`insert into public.users values (10, 'ten@example.com')`);
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.users where id = 10');
      return rows[0]?.n;
    });
    expect(value).toBe(1);
    expect((await db.query('select 1 from public.users where id = 10')).rows).toHaveLength(1);
  });

  it('rolls back on tx.rollback() (still returning the value) and when the callback throws (rethrowing its error)', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query(`insert into public.users values (11, 'eleven@example.com')`);
      await tx.rollback();
      return 'kept';
    });
    expect(value).toBe('kept');
    const thrown = new Error('the callback failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into public.users values (12, 'twelve@example.com')`);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect((await db.query('select id from public.users where id in (11, 12)')).rows).toEqual([]);
  });

  it('refuses statements after a swallowed error in a transaction (25P02), and the commit fails', async () => {
    let aborted: unknown;
    const committing = db.transaction(async (tx) => {
      await tx.query(`insert into public.users values (13, 'thirteen@example.com')`);
      await tx.query('select 1/0').catch(() => undefined);
      aborted = await tx.query('select 1').catch((caught: unknown) => caught);
    });
    await expect(committing).rejects.toBeInstanceOf(Error);
    expect(aborted).toBeInstanceOf(Error);
    expect(aborted).toMatchObject({ code: '25P02' });
    expect((await db.query('select 1 from public.users where id = 13')).rows).toEqual([]);
  });

  it('loses no update among 20 concurrent read-modify-write transactions', async () => {
    await db.query('update public.counter set n = 0 where id = 1');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('select n from public.counter where id = 1');
          // A turn of the event loop between read and write, where another caller could slip in.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.query('update public.counter set n = $1 where id = 1', [(rows[0]?.n ?? 0) + 1]);
        }),
      ),
    );
    expect((await db.query('select n from public.counter where id = 1')).rows).toEqual([{ n: 20 }]);
  });

  it('delivers NOTIFY payloads in order, only after COMMIT, and none after unlisten', async () => {
    const received: string[] = [];
    const unlisten = await db.listen('worker_test', (payload) => received.push(payload));
    let beforeCommit: string[] = [];
    await db.transaction(async (tx) => {
      await tx.exec(`notify worker_test, 'one'`);
      await tx.query(`select pg_notify('worker_test', 'two')`);
      await tx.exec(`notify worker_test, 'three'`);
      await tx.query('select 1');
      beforeCommit = [...received];
    });
    expect(beforeCommit).toEqual([]);
    // Pushed before COMMIT's answer, so already here when the transaction resolves.
    expect(received).toEqual(['one', 'two', 'three']);

    await db.exec(`notify worker_test, 'four'`);
    expect(received).toEqual(['one', 'two', 'three', 'four']);
    await unlisten();
    await db.exec(`notify worker_test, 'five'`);
    await db.query('select 1');
    expect(received).toEqual(['one', 'two', 'three', 'four']);
  });

  it('installs an extension bundle in the worker when a migration creates it', async () => {
    const source = 'supabase/migrations/0001_hstore.sql';
    await withExtensionsOnDemand(db, source, () => db.transaction((tx) => tx.exec('create extension if not exists hstore')));
    const { rows } = await db.query<{ v: string }>(`select ('a=>1, b=>2'::hstore) -> 'b' as v`);
    expect(rows).toEqual([{ v: '2' }]);

    await expect(withExtensionsOnDemand(db, source, () => db.transaction((tx) => tx.exec('create extension no_such_thing')))).rejects.toBeInstanceOf(
      UnavailableExtensionError,
    );
  });
});

describe('a transaction left idle in the worker', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openWorkerDatabase({ pgdata: null, idleTransactionTimeoutMs: 500 });
    await db.exec('create table public.idle (n int)');
  }, OPEN_TIMEOUT_MS);

  afterAll(async () => {
    await db?.close();
  });

  it('is rolled back, other callers proceed, and its later calls fail saying why', async () => {
    let inside: unknown;
    let later: unknown;
    const outcome = db
      .transaction(async (tx) => {
        await tx.query('insert into public.idle values (1)');
        // On the database, not on tx: it waits for this very transaction, which only the idle timer ends.
        inside = await db.query<{ n: number }>('select count(*)::int as n from public.idle');
        later = await tx.query('select 1').catch((caught: unknown) => caught);
      })
      .catch((caught: unknown) => caught);

    const error = await outcome;
    expect(inside).toMatchObject({ rows: [{ n: 0 }] });
    expect(later).toBeInstanceOf(Error);
    expect(later).toMatchObject({ code: '25P03', message: expect.stringContaining('idle-transaction timeout') });
    // Nothing was committed, so the transaction as a whole fails too.
    expect(error).toMatchObject({ code: '25P03' });
    expect((await db.query('select count(*)::int as n from public.idle')).rows).toEqual([{ n: 0 }]);
  });
});

describe('errors crossing from the worker', () => {
  it('keep their name, message and own fields', () => {
    const original = new UnavailableExtensionError('postgis', 'supabase/migrations/0002.sql');
    const crossed = deserializeError(structuredClone(serializeError(original)));
    expect(crossed).toBeInstanceOf(Error);
    expect(crossed.name).toBe('UnavailableExtensionError');
    expect(crossed.message).toBe(original.message);
    expect(crossed).toMatchObject({ extension: 'postgis', source: 'supabase/migrations/0002.sql' });
  });
});
