import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLumenDatabase } from './lumen-database.ts';
import { databasePageLookup, devKeys, FairAdmission, type Database, type PageLookup, type PageStatus } from '../../server/index.ts';

let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.exec(`
    insert into public.categories (slug, name) values ('lighting', 'Lighting');
    -- On sale: an item added without a product gets a published product of its own.
    insert into public.items (slug, title, price_cents, stock, category_id)
      select slug, title, 4900, 5, (select id from public.categories where slug = 'lighting')
      from (values ('new-lamp', 'New lamp'), ('old-lamp', 'Old lamp')) as v (slug, title);
    update public.items set archived_at = now() where slug = 'old-lamp';
    -- A draft that was never published: nobody may learn it exists.
    with draft as (insert into public.products (slug, title, category_id) values ('secret-lamp', 'Secret lamp', (select id from public.categories where slug = 'lighting')) returning id, category_id)
    insert into public.items (slug, title, price_cents, stock, category_id, product_id) select 'secret-lamp', 'Secret lamp', 4900, 5, category_id, id from draft;`);
});

afterAll(async () => {
  await db.close();
});

/** Runs the lookup inside a real Hono request, as the static app does. */
async function ask(lookup: PageLookup, kind: 'item' | 'category', slug: string): Promise<PageStatus> {
  const app = new Hono();
  let status: PageStatus = 'missing';
  app.get('/', async (c: Context) => {
    status = await lookup(c, kind, slug);
    return c.text('ok');
  });
  await app.request('/');
  return status;
}

describe('what the database says of an address the build did not prerender', () => {
  it('finds an item on sale, knows a retired one, and tells nothing of a draft or an unknown slug', async () => {
    const lookup = databasePageLookup({ db, keys: devKeys }, null);
    expect(await ask(lookup, 'item', 'new-lamp')).toBe('found');
    expect(await ask(lookup, 'item', 'old-lamp')).toBe('gone');
    expect(await ask(lookup, 'item', 'secret-lamp')).toBe('missing');
    expect(await ask(lookup, 'item', 'no-such-lamp')).toBe('missing');
    expect(await ask(lookup, 'item', 'x'.repeat(5000))).toBe('missing');
  });

  it('finds a category by its slug', async () => {
    const lookup = databasePageLookup({ db, keys: devKeys }, null);
    expect(await ask(lookup, 'category', 'lighting')).toBe('found');
    expect(await ask(lookup, 'category', "nope'; drop table public.items; --")).toBe('missing');
    expect((await db.query('select count(*)::int as n from public.items')).rows[0]).toEqual({ n: 3 });
  });

  it('waits its turn in the database line, and is refused (busy) when the line is full', async () => {
    const admission = new FairAdmission({ concurrency: 1, perClientQueue: 0, totalQueue: 0 });
    const lookup = databasePageLookup({ db, keys: devKeys }, admission);
    expect(await ask(lookup, 'item', 'new-lamp')).toBe('found');
    const held = admission.enter('address:someone-else');
    expect(held.state).toBe('admitted');
    expect(await ask(lookup, 'item', 'new-lamp')).toBe('busy');
    if (held.state === 'admitted') held.release();
    expect(await ask(lookup, 'item', 'new-lamp')).toBe('found');
  });
});
