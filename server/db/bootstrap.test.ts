import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestTransaction } from './request-transaction.ts';
import { bootstrapDatabase, openDatabase, pgliteExtensions } from './open-database.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
});
afterAll(() => db.close());

describe('platform bootstrap', () => {
  it('creates the API roles; service_role bypasses RLS; authenticator is granted all three', async () => {
    const { rows } = await db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'authenticator', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
    const members = await db.query<{ role: string }>(
      `select r.rolname as role from pg_auth_members m join pg_roles r on r.oid = m.roleid
       join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1`,
    );
    expect(members.rows.map((row) => row.role)).toEqual(['anon', 'authenticated', 'service_role']);
  });

  it('auth.uid(), role(), email() and jwt() read the request claims', async () => {
    const sub = randomUUID();
    const result = await withRequestTransaction(
      db,
      { role: 'authenticated', claims: { sub, role: 'authenticated', email: 'a@b.c' }, method: 'GET', path: '/' },
      (tx) => tx.query<{ uid: string; role: string; email: string; jwt: { sub: string } }>('select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt'),
    );
    expect(result.rows[0]).toMatchObject({ uid: sub, role: 'authenticated', email: 'a@b.c', jwt: { sub } });
  });

  it('auth.users has the columns triggers rely on, with confirmed_at generated', async () => {
    const id = randomUUID();
    await db.query(
      `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values ($1, 'x@y.z', now(), '{"a": 1}')`,
      [id],
    );
    const { rows } = await db.query<{ confirmed: boolean; is_anonymous: boolean }>(
      'select confirmed_at is not null as confirmed, is_anonymous from auth.users where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ confirmed: true, is_anonymous: false });
  });

  it('storage helpers split object names like hosted storage', async () => {
    const { rows } = await db.query(
      `select storage.foldername('u1/photos/a.b.png') as folders, storage.filename('u1/photos/a.b.png') as file,
              storage.extension('u1/photos/a.b.png') as ext`,
    );
    expect(rows[0]).toEqual({ folders: ['u1', 'photos'], file: 'a.b.png', ext: 'png' });
    const rls = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where oid in ('storage.objects'::regclass, 'storage.buckets'::regclass) order by relname`,
    );
    expect(rls.rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
  });

  it('has the supabase_realtime publication, realtime.messages and extensions in `extensions`', async () => {
    expect((await db.query(`select 1 from pg_publication where pubname = 'supabase_realtime'`)).rows).toHaveLength(1);
    expect((await db.query(`select to_regclass('realtime.messages') is not null as ok`)).rows).toEqual([{ ok: true }]);
    const { rows } = await db.query<{ extname: string; schema: string }>(
      `select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname in ('pgcrypto', 'uuid-ossp', 'pg_trgm') order by 1`,
    );
    expect(rows).toEqual([
      { extname: 'pg_trgm', schema: 'extensions' },
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
  });

  it('has what a CLI stack has for Database Webhooks: pg_net, supabase_functions, Vault with project_url', async () => {
    const { rows } = await db.query<{ extname: string; schema: string }>(
      `select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname in ('pg_net', 'supabase_vault') order by 1`,
    );
    expect(rows).toEqual([
      { extname: 'pg_net', schema: 'extensions' },
      { extname: 'supabase_vault', schema: 'vault' },
    ]);
    const available = await db.query<{ name: string }>(`select name from pg_available_extensions where name = 'pg_cron'`);
    expect(available.rows).toEqual([{ name: 'pg_cron' }]);
    const webhook = await db.query<{ owner: string; definer: boolean }>(
      `select pg_get_userbyid(proowner) as owner, prosecdef as definer from pg_proc where oid = 'supabase_functions.http_request()'::regprocedure`,
    );
    expect(webhook.rows).toEqual([{ owner: 'supabase_functions_admin', definer: true }]);
    const secret = await db.query(`select decrypted_secret from vault.decrypted_secrets where name = 'project_url'`);
    expect(secret.rows).toEqual([{ decrypted_secret: 'http://kong:8000' }]);
    const privileges = await db.query(
      `select has_table_privilege('anon', 'vault.decrypted_secrets', 'select') as anon_vault,
              has_function_privilege('anon', 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as anon_http_post,
              has_function_privilege('public', 'vault.create_secret(text, text, text, uuid)', 'execute') as public_create_secret`,
    );
    expect(privileges.rows[0]).toEqual({ anon_vault: false, anon_http_post: true, public_create_secret: false });
  });

  it('keeps the mail outbox schema out of reach of API roles', async () => {
    const { rows } = await db.query(`select has_schema_privilege('anon', '_dev', 'usage') as anon, has_schema_privilege('authenticated', '_dev', 'usage') as auth`);
    expect(rows[0]).toEqual({ anon: false, auth: false });
  });
});

describe('bootstrap ledger', () => {
  it('gives a database from an earlier version only the bootstrap files it lacks', async () => {
    // A database bootstrapped before the ledger and the webhook file existed.
    const old = await PGlite.create({ extensions: pgliteExtensions });
    try {
      const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap');
      for (const name of ['00-roles-and-schemas.sql', '10-auth.sql', '20-storage.sql', '30-realtime.sql', '40-platform.sql']) {
        await old.exec(await readFile(path.join(dir, name), 'utf8'));
      }
      expect(await bootstrapDatabase(old)).toEqual(['50-webhooks-and-vault.sql', '60-mail-idempotency.sql', '70-role-timeouts.sql', '80-realtime-broadcast-from-database.sql', '90-local-order-webhook-secret.sql']);
      expect((await old.query(`select to_regprocedure('supabase_functions.http_request()') is not null as ok`)).rows).toEqual([{ ok: true }]);
      expect(await bootstrapDatabase(old)).toEqual([]);
    } finally {
      await old.close();
    }
  }, 60_000);
});

describe('persisted database', () => {
  it('persists under dataDir/pgdata and --reset starts over', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-data-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.exec('create table public.persisted (n int); insert into public.persisted values (7);');
      await first.close();
      const second = await openDatabase({ dataDir });
      expect((await second.query('select n from public.persisted')).rows).toEqual([{ n: 7 }]);
      await second.close();
      const reset = await openDatabase({ dataDir, reset: true });
      expect((await reset.query(`select to_regclass('public.persisted') as t`)).rows).toEqual([{ t: null }]);
      expect((await reset.query(`select to_regclass('auth.users') is not null as ok`)).rows).toEqual([{ ok: true }]);
      await reset.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Re-opening a persisted PGlite cannot use the snapshot: three full opens on a busy machine.
  }, 120_000);
});
