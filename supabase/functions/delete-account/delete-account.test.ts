import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../../server/testing/test-backend.ts';
import { LUMEN_PROJECT_DIR } from '../../tests/lumen-database.ts';
import { createDeleteAccountHandler } from './handler.ts';

// The handler runs against the real local backend in-process (Auth, PostgREST, Storage), the
// same code the edge runtime serves from index.ts.
let backend: TestBackend;
let handle: (request: Request) => Promise<Response>;
let storageMounted = false;

beforeAll(async () => {
  backend = await createTestBackend({ projectDir: LUMEN_PROJECT_DIR });
  handle = createDeleteAccountHandler({
    supabaseUrl: backend.ctx.publicUrl,
    serviceRoleKey: backend.ctx.keys.serviceRoleKey,
    fetch: backend.fetch,
  });
  const probe = await backend.fetch(`${backend.ctx.publicUrl}/storage/v1/bucket`, {
    headers: { apikey: backend.ctx.keys.serviceRoleKey, Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}` },
  });
  storageMounted = probe.status !== 404;
});

afterAll(() => backend.close());

let counter = 0;
async function signUp() {
  const client = backend.anonClient();
  const email = `delete-${Date.now()}-${counter++}@example.test`;
  const { data, error } = await client.auth.signUp({ email, password: 'long-enough-1', options: { data: { display_name: 'Doomed' } } });
  if (error || !data.session || !data.user) throw error ?? new Error('no session');
  return { client, email, userId: data.user.id, token: data.session.access_token };
}

const call = (token: string | null, body: unknown = { confirm: true }, method = 'POST') =>
  handle(
    new Request('http://localhost/functions/v1/delete-account', {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    }),
  );

async function userExists(id: string): Promise<boolean> {
  const { rows } = await backend.ctx.db.query(`select 1 from auth.users where id = $1`, [id]);
  return rows.length > 0;
}

describe('delete-account', () => {
  it('refuses a request without a user token', async () => {
    expect((await call(null)).status).toBe(401);
    expect((await call(backend.ctx.keys.anonKey)).status).toBe(401);
    expect((await call(backend.ctx.keys.serviceRoleKey)).status).toBe(401);
    expect((await call('not-a-jwt')).status).toBe(401);
  });

  it('requires POST and an explicit confirmation', async () => {
    const { token, userId } = await signUp();
    expect((await call(token, undefined, 'GET')).status).toBe(405);
    const unconfirmed = await call(token, { confirm: 'yes' });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ code: 'confirmation_required' });
    expect(await userExists(userId)).toBe(true);
  });

  it('deletes only the caller, whatever the body names', async (context) => {
    if (!storageMounted) context.skip('needs /storage/v1 (server/storage) mounted');
    const victim = await signUp();
    const caller = await signUp();
    if (storageMounted) {
      const upload = await victim.client.storage.from('avatars').upload(`${victim.userId}/a.png`, new Blob([new Uint8Array([1])], { type: 'image/png' }));
      expect(upload.error).toBeNull();
    }
    const response = await call(caller.token, { confirm: true, user_id: victim.userId, id: victim.userId });
    expect(response.status).toBe(200);
    expect(await userExists(caller.userId)).toBe(false);
    expect(await userExists(victim.userId)).toBe(true);
    const { rows } = await backend.ctx.db.query(`select 1 from public.profiles where id = $1`, [victim.userId]);
    expect(rows).toHaveLength(1);
    if (storageMounted) {
      const { rows: files } = await backend.ctx.db.query(`select name from storage.objects where bucket_id = 'avatars' and name like $1`, [`${victim.userId}/%`]);
      expect(files).toHaveLength(1);
    }
  });

  it('leaves nothing of the caller: user, profile, sessions, avatar files', async (context) => {
    if (!storageMounted) context.skip('needs /storage/v1 (server/storage) mounted');
    const { client, token, userId, email } = await signUp();
    const bucket = client.storage.from('avatars');
    for (const name of ['one.png', 'two.png']) {
      const { error } = await bucket.upload(`${userId}/${name}`, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }));
      expect(error).toBeNull();
    }
    await client.from('profiles').update({ avatar_path: `${userId}/two.png` }).eq('id', userId);

    const response = await call(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });

    const db = backend.ctx.db;
    expect(await userExists(userId)).toBe(false);
    expect((await db.query(`select 1 from public.profiles where id = $1`, [userId])).rows).toHaveLength(0);
    expect((await db.query(`select 1 from auth.sessions where user_id = $1`, [userId])).rows).toHaveLength(0);
    expect((await db.query(`select 1 from storage.objects where name like $1`, [`${userId}/%`])).rows).toHaveLength(0);
    // The old session is dead everywhere, and the e-mail can sign up again.
    expect((await client.auth.getUser(token)).error).not.toBeNull();
    expect((await backend.anonClient().auth.signInWithPassword({ email, password: 'long-enough-1' })).error?.code).toBe('invalid_credentials');
  });

  it('removes the cart and saved addresses and keeps past orders, unlinked', async () => {
    const { token, userId } = await signUp();
    const db = backend.ctx.db;
    await db.query(`insert into public.categories (slug, name) values ('test-del', 'Test') on conflict do nothing`);
    const { rows: items } = await db.query<{ id: number }>(
      `insert into public.items (slug, title, description, price_cents, stock, category_id)
       select 'del-item-' || $1::text, 'Lamp', 'A lamp.', 1000, 5, id from public.categories where slug = 'test-del' returning id`,
      [userId],
    );
    await db.query(`insert into public.cart_items (user_id, item_id, quantity) values ($1, $2, 2)`, [userId, items[0]?.id]);
    await db.query(
      `insert into public.addresses (user_id, full_name, line1, postcode, city, country) values ($1, 'Ada Lovelace', '12 Harbour Street', 'D02 X285', 'Dublin', 'IE')`,
      [userId],
    );
    const { rows: orders } = await db.query<{ id: number }>(
      `insert into public.orders (user_id, total_cents, item_count) values ($1, 1000, 1) returning id`,
      [userId],
    );

    expect((await call(token)).status).toBe(200);
    // The foreign keys do it: the function deletes only the avatar files and the user.
    expect((await db.query(`select 1 from public.cart_items where user_id = $1`, [userId])).rows).toHaveLength(0);
    expect((await db.query(`select 1 from public.addresses where user_id = $1`, [userId])).rows).toHaveLength(0);
    const { rows: kept } = await db.query<{ user_id: string | null }>(`select user_id from public.orders where id = $1`, [orders[0]?.id]);
    expect(kept).toEqual([{ user_id: null }]);
  });

  it('deletes a user without storage objects even before storage holds anything', async () => {
    const { token, userId } = await signUp();
    const response = await call(token);
    if (!storageMounted) {
      // Until /storage/v1 is mounted the avatar sweep cannot run, and the function refuses to half-delete.
      expect(response.status).toBe(500);
      expect(await userExists(userId)).toBe(true);
      return;
    }
    expect(response.status).toBe(200);
    expect(await userExists(userId)).toBe(false);
  });
});
