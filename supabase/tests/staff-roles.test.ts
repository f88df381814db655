import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../server/testing/test-backend.ts';
import { DEMO_ACCOUNTS, ensureDemoUsers } from '../seed/demo-users.ts';
import { asActor, LUMEN_PROJECT_DIR } from './lumen-database.ts';

// The demo accounts are made through the Auth admin API: a whole backend, not a bare database.
let backend: TestBackend;
let db: Database;

beforeAll(async () => {
  backend = await createTestBackend({ projectDir: LUMEN_PROJECT_DIR });
  db = backend.ctx.db;
});

afterAll(async () => {
  await backend.close();
});

/** What GoTrue sends the hook, as supabase_auth_admin (migration …_staff_roles.sql). */
async function hookClaims(userId: string): Promise<Record<string, unknown>> {
  return db.transaction(async (tx) => {
    await tx.query(`set local role supabase_auth_admin`);
    const event = { user_id: userId, authentication_method: 'password', claims: { sub: userId, role: 'authenticated', aud: 'authenticated' } };
    const { rows } = await tx.query<{ output: { claims: Record<string, unknown> } }>('select public.custom_access_token_hook($1::jsonb) as output', [
      JSON.stringify(event),
    ]);
    return rows[0]?.output.claims ?? {};
  });
}

async function userId(email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id from auth.users where email = $1', [email]);
  if (!rows[0]) throw new Error(`${email} is missing`);
  return rows[0].id;
}

describe('staff roles', () => {
  it('seeds the demo staff account as staff, once, and the customers as customers', async () => {
    const created = await ensureDemoUsers(backend.serviceClient());
    expect(created).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    expect(await ensureDemoUsers(backend.serviceClient())).toEqual([]);
    const { rows } = await db.query<{ email: string; role: string }>(
      'select u.email, r.role from public.user_roles r join auth.users u on u.id = r.user_id order by u.email',
    );
    expect(rows).toEqual(DEMO_ACCOUNTS.filter((account) => account.staff).map((account) => ({ email: account.email, role: 'staff' })));
  });

  it('gives an existing demo staff account its role back when the row went', async () => {
    await ensureDemoUsers(backend.serviceClient());
    await db.query('delete from public.user_roles');
    expect(await ensureDemoUsers(backend.serviceClient())).toEqual([]);
    const { rows } = await db.query<{ email: string }>('select u.email from public.user_roles r join auth.users u on u.id = r.user_id');
    expect(rows).toEqual(DEMO_ACCOUNTS.filter((account) => account.staff).map((account) => ({ email: account.email })));
  });

  it('has the hook add user_role, staff or null, and keep every other claim', async () => {
    const staff = DEMO_ACCOUNTS.find((account) => account.staff);
    const customer = DEMO_ACCOUNTS.find((account) => !account.staff);
    if (!staff || !customer) throw new Error('the demo accounts need a staff member and a customer');
    const staffId = await userId(staff.email);
    expect(await hookClaims(staffId)).toEqual({ sub: staffId, role: 'authenticated', aud: 'authenticated', user_role: 'staff' });
    expect((await hookClaims(await userId(customer.email))).user_role).toBeNull();
  });

  it('answers authorize() from the claim alone: staff may, customers and visitors may not, a forged role name is no role', async () => {
    const may = async (claims: { role: 'anon' | 'authenticated'; user_role?: 'staff' }, permission: string) => {
      const { rows } = await asActor(db, claims, (tx) => tx.query<{ ok: boolean }>('select public.authorize($1) as ok', [permission]));
      return rows[0]?.ok;
    };
    for (const permission of ['items.write', 'stock.write', 'orders.manage', 'audit.read']) {
      expect(await may({ role: 'authenticated', user_role: 'staff' }, permission), permission).toBe(true);
      expect(await may({ role: 'authenticated' }, permission), permission).toBe(false);
      expect(await may({ role: 'anon' }, permission), permission).toBe(false);
    }
    const { rows } = await db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', '{"role":"authenticated","user_role":"owner"}', true), set_config('role', 'authenticated', true)`);
      return tx.query<{ ok: boolean }>(`select public.authorize('items.write') as ok`);
    });
    expect(rows).toEqual([{ ok: false }]);
  });
});
