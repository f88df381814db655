import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/index.ts';
import { asActor, openLumenDatabase, type Actor } from './lumen-database.ts';

// Saved items: the owner's alone, only what is on sale, bounded, merged from a guest's list, and
// every change told on the owner's private topic.

const OWNER = '00000000-0000-4000-8000-00000000e001';
const OTHER = '00000000-0000-4000-8000-00000000e002';
const owner: Actor = { role: 'authenticated', sub: OWNER };
const other: Actor = { role: 'authenticated', sub: OTHER };

let db: Database;
const ids: Record<'chair' | 'lamp' | 'archived' | 'draft', number> = { chair: 0, lamp: 0, archived: 0, draft: 0 };

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'o@example.test', 'authenticated', 'authenticated'),
    ($2, 'x@example.test', 'authenticated', 'authenticated')`, [OWNER, OTHER]);
  await db.exec(`
    insert into public.categories (slug, name) values ('saved', 'Saved');
    insert into public.products (slug, title, category_id) values ('draft-sofa', 'Draft sofa', (select id from public.categories where slug = 'saved'));
    insert into public.items (slug, title, price_cents, stock, category_id)
    select slug, slug, 1000, 5, (select id from public.categories where slug = 'saved') from unnest(array['chair', 'lamp', 'archived']) as slug;
    update public.items set archived_at = now() where slug = 'archived';
    insert into public.items (slug, title, price_cents, stock, category_id, product_id)
    values ('draft', 'Draft sofa', 1000, 5, (select id from public.categories where slug = 'saved'), (select id from public.products where slug = 'draft-sofa'));
  `);
  for (const slug of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[slug] = (await db.query<{ id: number }>('select id from public.items where slug = $1', [slug])).rows[0]?.id ?? 0;
  }
});

afterAll(async () => {
  await db.close();
});

describe('saved items', () => {
  it('are the owner’s alone: another user neither sees nor removes them, nor saves in their name', async () => {
    const seen = await asActor(db, owner, async (tx) => {
      await tx.query('insert into public.saved_items (item_id) values ($1)', [ids.chair]);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: OTHER })]);
      const read = (await tx.query('select item_id from public.saved_items')).rows.length;
      const removed = (await tx.query('delete from public.saved_items where item_id = $1', [ids.chair])).affectedRows;
      return { read, removed };
    });
    expect(seen).toEqual({ read: 0, removed: 0 });
    await expect(
      asActor(db, other, (tx) => tx.query('insert into public.saved_items (user_id, item_id) values ($1, $2)', [OWNER, ids.lamp])),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select * from public.saved_items'))).rejects.toMatchObject({ code: '42501' });
  });

  it('take only what is on sale: not an archived item, not a draft’s variant', async () => {
    for (const item of [ids.archived, ids.draft]) {
      await expect(asActor(db, owner, (tx) => tx.query('insert into public.saved_items (item_id) values ($1)', [item]))).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('name what left the shop in its owner’s list only: saved_item_details returns the caller’s entries, whatever their state', async () => {
    const details = await asActor(db, owner, async (tx) => {
      await tx.query('insert into public.saved_items (item_id) values ($1), ($2)', [ids.chair, ids.lamp]);
      // Staff take the lamp off sale (as the database's owner here), then the owner reads again.
      await tx.query('reset role');
      await tx.query(`update public.items set archived_at = now() where id = $1`, [ids.lamp]);
      await tx.query(`select set_config('role', 'authenticated', true)`);
      const mine = (await tx.query<{ item_id: number; title: string; on_sale: boolean }>('select item_id, title, on_sale from public.saved_item_details()')).rows;
      // The items' policy hides the archived lamp from its owner as a customer…
      const visible = (await tx.query('select id from public.items where id = $1', [ids.lamp])).rows.length;
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: OTHER })]);
      const theirs = (await tx.query('select item_id from public.saved_item_details()')).rows.length;
      return { mine, visible, theirs };
    });
    // …but their own list still names it, marked as off sale; another user gets nothing of it.
    expect(details.visible).toBe(0);
    expect(details.mine.map(({ title, on_sale }) => ({ title, on_sale })).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'chair', on_sale: true },
      { title: 'lamp', on_sale: false },
    ]);
    expect(details.theirs).toBe(0);
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select * from public.saved_item_details()'))).rejects.toMatchObject({ code: '42501' });
  });

  it('tell each change on the owner’s private topic saved:<user id>', async () => {
    const topics = await asActor(db, owner, async (tx) => {
      await tx.query('insert into public.saved_items (item_id) values ($1)', [ids.lamp]);
      await tx.query('delete from public.saved_items where item_id = $1', [ids.lamp]);
      // Message ids are random uuids and both rows share the transaction's time: compared as a set.
      return (await tx.query<{ topic: string; event: string }>(`select topic, event from realtime.messages where topic like 'saved:%' order by event`)).rows;
    });
    expect(topics).toEqual([
      { topic: `saved:${OWNER}`, event: 'DELETE' },
      { topic: `saved:${OWNER}`, event: 'INSERT' },
    ]);
  });

  it('merge a guest’s list: saves what it can, reports the rest, refuses nothing as a whole', async () => {
    const result = await asActor(db, owner, async (tx) => {
      await tx.query('insert into public.saved_items (item_id) values ($1)', [ids.chair]);
      const merged = (await tx.query<{ result: unknown }>('select public.merge_saved_items($1) as result', [[ids.lamp, ids.chair, ids.archived, ids.draft, 999999, ids.lamp]])).rows[0]?.result;
      const list = (await tx.query<{ item_id: number }>('select item_id from public.saved_items order by item_id')).rows.map((row) => row.item_id);
      return { merged, list };
    });
    expect(result).toEqual({
      merged: { saved: [ids.lamp, ids.chair], skipped: [ids.archived, ids.draft, 999999] },
      list: [ids.chair, ids.lamp].sort((a, b) => a - b),
    });
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select public.merge_saved_items($1)', [[ids.chair]]))).rejects.toMatchObject({ code: '42501' });
  });

  it('hold at most 200 per user', async () => {
    const outcome = await asActor(db, { role: 'service_role' }, async (tx) => {
      await tx.query(`insert into public.items (slug, title, price_cents, stock, category_id)
        select 'bulk-' || n, 'Bulk ' || n, 100, 1, (select id from public.categories where slug = 'saved') from generate_series(1, 201) as n`);
      await tx.query(`insert into public.saved_items (user_id, item_id) select $1, id from public.items where slug like 'bulk-%' and slug <> 'bulk-201'`, [OWNER]);
      return tx.query(`insert into public.saved_items (user_id, item_id) select $1, id from public.items where slug = 'bulk-201'`, [OWNER]).then(
        () => 'saved',
        (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
      );
    });
    expect(outcome).toBe('54000: You have saved 200 items, the most a list holds. Remove some to save more.');
  });
});
