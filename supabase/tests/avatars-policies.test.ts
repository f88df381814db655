import { randomUUID } from 'node:crypto';
import type { Database, DatabaseTransaction } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, type Actor, openLumenDatabase } from './lumen-database.ts';

// The storage API writes storage.objects as the caller's role, so these SQL-level checks are
// exactly what decides an upload; server/storage tests cover the HTTP side.
let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
});

afterAll(async () => {
  await db.close();
});

async function createUser(): Promise<string> {
  const id = randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, $2)`, [id, `${id}@example.test`]);
  return id;
}

const insertObject = (tx: DatabaseTransaction, name: string, bucket = 'avatars') =>
  tx.query(`insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, (select auth.uid())::text)`, [bucket, name]);

async function canInsert(actor: Actor, name: string, bucket = 'avatars'): Promise<boolean> {
  try {
    await asActor(db, actor, (tx) => insertObject(tx, name, bucket));
    return true;
  } catch (error) {
    expect(String(error)).toMatch(/row-level security/);
    return false;
  }
}

describe('avatars bucket', () => {
  it('is public with an image-only, 2 MiB limit', async () => {
    const { rows } = await db.query(`select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'avatars'`);
    expect(rows[0]).toEqual({ public: true, file_size_limit: 2097152, allowed_mime_types: ['image/webp', 'image/jpeg', 'image/png'] });
  });

  it('lets the owner write into their own folder', async () => {
    const owner = await createUser();
    expect(await canInsert({ role: 'authenticated', sub: owner }, `${owner}/avatar.webp`)).toBe(true);
  });

  it("refuses another user's folder, the bucket root and other buckets", async () => {
    const owner = await createUser();
    const other = await createUser();
    const actor: Actor = { role: 'authenticated', sub: owner };
    expect(await canInsert(actor, `${other}/avatar.webp`)).toBe(false);
    expect(await canInsert(actor, `avatar.webp`)).toBe(false);
    expect(await canInsert(actor, `${owner}/avatar.webp`, 'item-images')).toBe(false);
  });

  it('refuses anon', async () => {
    const owner = await createUser();
    await expect(asActor(db, { role: 'anon' }, (tx) => insertObject(tx, `${owner}/avatar.webp`))).rejects.toThrow(
      /row-level security|permission denied/,
    );
  });

  it('refuses anonymous (guest) sessions', async () => {
    const guest = await createUser();
    const result = await db
      .transaction(async (tx) => {
        const claims = JSON.stringify({ role: 'authenticated', sub: guest, is_anonymous: true });
        await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [claims]);
        await insertObject(tx, `${guest}/avatar.webp`);
        return 'inserted';
      })
      .catch((error: unknown) => String(error));
    expect(result).toMatch(/row-level security/);
  });

  it("lets the owner see and delete only their own files", async () => {
    const owner = await createUser();
    const other = await createUser();
    await db.query(`insert into storage.objects (bucket_id, name) values ('avatars', $1), ('avatars', $2)`, [
      `${owner}/mine.webp`,
      `${other}/theirs.webp`,
    ]);
    const seen = await asActor(db, { role: 'authenticated', sub: owner }, async (tx) => {
      const visible = (await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = 'avatars' and name like '%.webp' and (name like $1 or name like $2)`, [`${owner}/%`, `${other}/%`])).rows;
      const deletedOther = (await tx.query(`delete from storage.objects where name = $1`, [`${other}/theirs.webp`])).affectedRows;
      const deletedOwn = (await tx.query(`delete from storage.objects where name = $1`, [`${owner}/mine.webp`])).affectedRows;
      return { visible: visible.map((row) => row.name), deletedOther, deletedOwn };
    });
    expect(seen).toEqual({ visible: [`${owner}/mine.webp`], deletedOther: 0, deletedOwn: 1 });
  });
});
