import type { Database, DatabaseTransaction } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLumenDatabase } from './lumen-database.ts';

// DESIGN §7: security lives in the database, RLS on every `public` table. These detectors read the
// catalog of the real migrations; the last block proves each one by planting a throwaway offender
// in a transaction that is rolled back.
let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
});

afterAll(async () => {
  await db.close();
});

type Queryable = Pick<DatabaseTransaction, 'query'>;

/** Ordinary and partitioned tables in `public` with row level security switched off. */
async function tablesWithoutRls(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
    order by 1`);
  return rows.map((row) => row.name);
}

interface GrantCoverage {
  table: string;
  role: 'anon' | 'authenticated';
  command: 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  /** Permissive policies that apply to this role and command. */
  policies: number;
  /** Policies on the table at all, for any role or command. */
  tablePolicies: number;
}

/**
 * Every command an API role holds on a `public` table (table or column grant), with how many
 * permissive policies let that role run it. RLS on with no applicable policy denies everything.
 */
async function grantedCommands(q: Queryable): Promise<GrantCoverage[]> {
  const { rows } = await q.query<GrantCoverage>(`
    select c.relname as "table", r.rolname as role, cmd.command,
      (select count(*)::int from pg_policy p
        where p.polrelid = c.oid and p.polpermissive and p.polcmd in ('*', cmd.code)
          and exists (select 1 from unnest(p.polroles) as pr (oid) where pr.oid = 0 or pg_has_role(r.oid, pr.oid, 'USAGE'))
      ) as policies,
      (select count(*)::int from pg_policy p where p.polrelid = c.oid) as "tablePolicies"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    cross join pg_roles r
    cross join (values ('SELECT', 'r'), ('INSERT', 'a'), ('UPDATE', 'w'), ('DELETE', 'd')) as cmd (command, code)
    where n.nspname = 'public' and c.relkind in ('r', 'p') and r.rolname in ('anon', 'authenticated')
      and case when cmd.command = 'DELETE' then has_table_privilege(r.oid, c.oid, cmd.command)
               else has_any_column_privilege(r.oid, c.oid, cmd.command) end
    order by 1, 2, 3`);
  return rows;
}

const describeGrant = (row: GrantCoverage) => `${row.table}: ${row.role} ${row.command}`;

/** Granted commands no policy covers, on tables that do have policies (a forgotten policy or a stray grant). */
async function grantsWithoutPolicy(q: Queryable): Promise<string[]> {
  return (await grantedCommands(q)).filter((row) => row.policies === 0 && row.tablePolicies > 0).map(describeGrant);
}

/** Tables with RLS on and no policy at all: deny-all for the API roles, whatever they are granted. */
async function denyAllTables(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
      and not exists (select 1 from pg_policy p where p.polrelid = c.oid)
    order by 1`);
  return rows.map((row) => row.name);
}

interface RestrictivePolicy {
  table: string;
  policy: string;
  command: string;
  /** Whether any permissive policy on the table lets the same roles run the command: without one the restriction narrows nothing. */
  narrows: boolean;
  /** Its USING and WITH CHECK, as Postgres prints them. */
  condition: string;
}

/**
 * RESTRICTIVE policies in `public`: they only take away (a row must pass every one of them and at
 * least one permissive policy), so they never count as coverage above; each must sit on a command
 * some permissive policy grants, or it is a mistake.
 */
async function restrictivePolicies(q: Queryable): Promise<RestrictivePolicy[]> {
  const { rows } = await q.query<RestrictivePolicy>(`
    select c.relname as "table", p.polname as policy,
      case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as command,
      exists (select 1 from pg_policy other where other.polrelid = c.oid and other.polpermissive
        and (other.polcmd = '*' or p.polcmd = '*' or other.polcmd = p.polcmd)
        and (other.polroles = '{0}' or other.polroles && p.polroles)) as narrows,
      concat_ws(' / ', pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid)) as condition
    from pg_policy p
    join pg_class c on c.oid = p.polrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not p.polpermissive
    order by 1, 2`);
  return rows;
}

/** TRUNCATE is not subject to RLS: an API role holding it could empty a table outright. */
async function truncateGrants(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ grant: string }>(`
    select c.relname || ': ' || r.rolname as grant
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    cross join pg_roles r
    where n.nspname = 'public' and c.relkind in ('r', 'p') and r.rolname in ('anon', 'authenticated')
      and has_table_privilege(r.oid, c.oid, 'TRUNCATE')
    order by 1`);
  return rows.map((row) => row.grant);
}

/**
 * Views run as their owner unless security_invoker is set, so a view over an RLS table readable
 * by an API role would bypass the table's policies; materialized views cannot have RLS at all.
 */
async function viewsBypassingRls(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('v', 'm')
      and (has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))
      and (c.relkind = 'm' or not coalesce(c.reloptions @> array['security_invoker=true'], false)
                           and not coalesce(c.reloptions @> array['security_invoker=on'], false))
    order by 1`);
  return rows.map((row) => row.name);
}

/** Non-row privileges the API roles hold (revoked in …_hardening.sql). */
async function otherTableGrants(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ grant: string }>(`
    select table_name || ': ' || grantee || ' ' || string_agg(privilege_type, ', ' order by privilege_type) as grant
    from information_schema.role_table_grants
    where table_schema = 'public' and grantee in ('anon', 'authenticated') and privilege_type in ('REFERENCES', 'TRIGGER')
    group by table_name, grantee
    order by 1`);
  return rows.map((row) => row.grant);
}

describe('RLS coverage of schema public', () => {
  it('has tables to check (the detectors are not looking at an empty schema)', async () => {
    const { rows } = await db.query<{ count: number }>(`
      select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    expect(rows[0]?.count).toBeGreaterThanOrEqual(6);
  });

  it('has row level security on every table', async () => {
    expect(await tablesWithoutRls(db)).toEqual([]);
  });

  it('has a policy for every command granted to anon or authenticated', async () => {
    const granted = await grantedCommands(db);
    console.info(`rls coverage: ${granted.length} granted (table, role, command) triples: ${granted.map(describeGrant).join('; ')}`);
    expect(granted.length).toBeGreaterThan(0);
    expect(await grantsWithoutPolicy(db)).toEqual([]);
    // A table with RLS on and no policy at all is deny-all: safe, so reported rather than failed.
    const denyAll = await denyAllTables(db);
    console.info(`rls coverage: deny-all tables (RLS on, no policy): ${denyAll.length === 0 ? 'none' : denyAll.join(', ')}`);
  });

  it('grants TRUNCATE (which bypasses RLS), REFERENCES or TRIGGER to neither anon nor authenticated', async () => {
    expect(await truncateGrants(db)).toEqual([]);
    // Not reachable through PostgREST (no DDL), but a direct SQL login as an API role could use them.
    expect(await otherTableGrants(db)).toEqual([]);
  });

  it('has no view readable by the API roles that bypasses RLS', async () => {
    expect(await viewsBypassingRls(db)).toEqual([]);
  });

  it("has restrictive policies only for the guests' limits, each narrowing a command a permissive policy grants", async () => {
    const restrictive = await restrictivePolicies(db);
    expect(restrictive.map(({ table, policy, command, narrows }) => ({ table, policy, command, narrows }))).toEqual([
      { table: 'profiles', policy: 'Guests cannot change a profile', command: 'UPDATE', narrows: true },
    ]);
    for (const { condition } of restrictive) expect(condition).toMatch(/is_anonymous/);
  });
});

describe('the detectors themselves', () => {
  interface Findings {
    withoutRls: string[];
    withoutPolicy: string[];
    denyAll: string[];
    truncate: string[];
    views: string[];
    restrictive: RestrictivePolicy[];
  }

  /** Plants offenders (created as the table owner, so default privileges grant them to the API roles), then rolls back. */
  async function findingsWithProbes(): Promise<Findings> {
    await db.exec('begin');
    try {
      await db.exec(`
        create table public.rls_probe_open (id int primary key);
        create table public.rls_probe_partial (id int primary key);
        alter table public.rls_probe_partial enable row level security;
        create policy "probe: anon may read" on public.rls_probe_partial for select to anon using (true);
        create table public.rls_probe_sealed (id int primary key);
        alter table public.rls_probe_sealed enable row level security;
        revoke truncate on public.rls_probe_partial, public.rls_probe_sealed from anon, authenticated;
        create view public.rls_probe_view as select id from public.rls_probe_partial;
        create view public.rls_probe_invoker_view with (security_invoker = true) as select id from public.rls_probe_partial;
        create table public.rls_probe_restricted (id int primary key);
        alter table public.rls_probe_restricted enable row level security;
        create policy "probe: only narrows" on public.rls_probe_restricted as restrictive for select to authenticated using (true);
        revoke truncate on public.rls_probe_restricted from anon, authenticated;
        revoke insert, update, delete on public.rls_probe_restricted from anon, authenticated;
        revoke select on public.rls_probe_restricted from anon;
      `);
      return {
        withoutRls: await tablesWithoutRls(db),
        withoutPolicy: await grantsWithoutPolicy(db),
        denyAll: await denyAllTables(db),
        truncate: await truncateGrants(db),
        views: await viewsBypassingRls(db),
        restrictive: await restrictivePolicies(db),
      };
    } finally {
      await db.exec('rollback');
    }
  }

  it('catch a table without RLS, a grant without policy (a restrictive one is none), TRUNCATE, a definer view and a restriction narrowing nothing (all rolled back)', async () => {
    const found = await findingsWithProbes();
    expect(found.withoutRls).toEqual(['rls_probe_open']);
    expect(found.withoutPolicy).toEqual([
      'rls_probe_partial: anon DELETE',
      'rls_probe_partial: anon INSERT',
      'rls_probe_partial: anon UPDATE',
      'rls_probe_partial: authenticated DELETE',
      'rls_probe_partial: authenticated INSERT',
      'rls_probe_partial: authenticated SELECT',
      'rls_probe_partial: authenticated UPDATE',
      'rls_probe_restricted: authenticated SELECT',
    ]);
    expect(found.denyAll).toEqual(['rls_probe_sealed']);
    expect(found.truncate).toEqual(['rls_probe_open: anon', 'rls_probe_open: authenticated']);
    expect(found.views).toEqual(['rls_probe_view']);
    expect(found.restrictive.filter((policy) => !policy.narrows).map((policy) => `${policy.table}: ${policy.policy}`)).toEqual([
      'rls_probe_restricted: probe: only narrows',
    ]);

    const { rows } = await db.query<{ left: string | null }>(`select to_regclass('public.rls_probe_open')::text as left`);
    expect(rows[0]?.left).toBeNull();
  });
});
