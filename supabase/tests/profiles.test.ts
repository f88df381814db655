import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, openLumenDatabase } from './lumen-database.ts';

let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
});

afterAll(async () => {
  await db.close();
});

/** Inserts an auth user the way GoTrue does; the trigger under test creates the profile. */
async function createUser(metadata: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  await db.query(`insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)`, [
    id,
    `${id}@example.test`,
    JSON.stringify(metadata),
  ]);
  return id;
}

interface ProfileRow {
  id: string;
  display_name: string | null;
  avatar_path: string | null;
}

async function profileOf(id: string): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>(`select id, display_name, avatar_path from public.profiles where id = $1`, [id]);
  return rows[0];
}

describe('profile trigger', () => {
  it('creates an empty profile for every new auth user', async () => {
    const id = await createUser();
    expect(await profileOf(id)).toEqual({ id, display_name: null, avatar_path: null });
  });

  it('keeps a valid display name given at sign-up, trimmed', async () => {
    const id = await createUser({ display_name: '  Ada Lovelace ' });
    expect((await profileOf(id))?.display_name).toBe('Ada Lovelace');
  });

  it('drops an invalid display name instead of failing the sign-up', async () => {
    const id = await createUser({ display_name: 'x'.repeat(61) });
    expect((await profileOf(id))?.display_name).toBeNull();
  });

  it('removes the profile with the user', async () => {
    const id = await createUser();
    await db.query(`delete from auth.users where id = $1`, [id]);
    expect(await profileOf(id)).toBeUndefined();
  });
});

describe('profile RLS', () => {
  it('is enabled', async () => {
    const { rows } = await db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'public.profiles'::regclass`,
    );
    expect(rows[0]?.relrowsecurity).toBe(true);
  });

  it('lets the owner read only their own row', async () => {
    const owner = await createUser({ display_name: 'Owner' });
    await createUser({ display_name: 'Someone else' });
    const rows = await asActor(db, { role: 'authenticated', sub: owner }, async (tx) =>
      (await tx.query<ProfileRow>(`select id, display_name from public.profiles`)).rows,
    );
    expect(rows).toEqual([{ id: owner, display_name: 'Owner' }]);
  });

  it('hides every profile from anon', async () => {
    await createUser({ display_name: 'Hidden' });
    await expect(
      asActor(db, { role: 'anon' }, async (tx) => tx.query(`select * from public.profiles`)),
    ).rejects.toThrow(/permission denied/);
  });

  it('lets the owner update their name and avatar path', async () => {
    const owner = await createUser();
    const updated = await asActor(db, { role: 'authenticated', sub: owner }, async (tx) => {
      await tx.query(`update public.profiles set display_name = 'New name', avatar_path = $1 where id = $2`, [
        `${owner}/avatar-1.webp`,
        owner,
      ]);
      return (await tx.query<ProfileRow>(`select display_name, avatar_path from public.profiles where id = $1`, [owner])).rows[0];
    });
    expect(updated).toEqual({ display_name: 'New name', avatar_path: `${owner}/avatar-1.webp` });
  });

  it("changes nothing when a user updates another's row", async () => {
    const owner = await createUser({ display_name: 'Victim' });
    const attacker = await createUser();
    const affected = await asActor(db, { role: 'authenticated', sub: attacker }, async (tx) =>
      (await tx.query(`update public.profiles set display_name = 'Hacked' where id = $1`, [owner])).affectedRows,
    );
    expect(affected).toBe(0);
    expect((await profileOf(owner))?.display_name).toBe('Victim');
  });

  it('refuses an avatar path outside the owner folder and an over-long name', async () => {
    const owner = await createUser();
    const other = await createUser();
    await expect(
      asActor(db, { role: 'authenticated', sub: owner }, async (tx) =>
        tx.query(`update public.profiles set avatar_path = $1 where id = $2`, [`${other}/a.webp`, owner]),
      ),
    ).rejects.toThrow(/profiles_check|check constraint/);
    await expect(
      asActor(db, { role: 'authenticated', sub: owner }, async (tx) =>
        tx.query(`update public.profiles set display_name = $1 where id = $2`, ['x'.repeat(61), owner]),
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('lets nobody but the trigger insert, and nobody but the service role delete', async () => {
    const owner = await createUser();
    await expect(
      asActor(db, { role: 'authenticated', sub: owner }, async (tx) =>
        tx.query(`insert into public.profiles (id) values ($1)`, [randomUUID()]),
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asActor(db, { role: 'authenticated', sub: owner }, async (tx) => tx.query(`delete from public.profiles where id = $1`, [owner])),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asActor(db, { role: 'authenticated', sub: owner }, async (tx) => tx.query(`update public.profiles set id = $1`, [randomUUID()])),
    ).rejects.toThrow(/permission denied/);
  });
});
