import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/index.ts';
import { asActor, openLumenDatabase, type Actor } from './lumen-database.ts';

// What an item's address is (migration 20261202000100_store_pages.sql): on sale, retired (the shop
// sold it and no longer does; its page says so and offers similar products, the server answers 410)
// or unknown (404). item_page_status and retired_item are for everyone, anon included, and tell
// nothing about a product that was never published.

const CUSTOMER = '00000000-0000-4000-8000-00000000f001';
const STAFF = '00000000-0000-4000-8000-00000000f002';
const anon: Actor = { role: 'anon' };
const customer: Actor = { role: 'authenticated', sub: CUSTOMER };
const staff: Actor = { role: 'authenticated', sub: STAFF, user_role: 'staff' };

describe('retired items', () => {
  let db: Database;
  let tableware: number;

  /** A product and its one variant, written as the store admin leaves them (triggers included). */
  async function productWithVariant(slug: string, title: string, { published = true, archived = false } = {}): Promise<{ product: number; item: number }> {
    const product = (
      await db.query<{ id: number }>(`insert into public.products (slug, title, category_id, published_at) values ($1, $2, $3, $4) returning id`, [
        slug,
        title,
        tableware,
        published ? new Date().toISOString() : null,
      ])
    ).rows[0]?.id;
    const item = (
      await db.query<{ id: number }>(
        `insert into public.items (slug, title, price_cents, stock, category_id, product_id, image_paths, archived_at)
         values ($1, $2 || ', amber', 2400, 5, $3, $4, '{glass/amber-front}', $5) returning id`,
        [`${slug}-amber`, title, tableware, product, archived ? new Date().toISOString() : null],
      )
    ).rows[0]?.id;
    if (!product || !item) throw new Error('the product was not made');
    return { product, item };
  }

  async function order(itemId: number) {
    const id = (await db.query<{ id: number }>(`insert into public.orders (user_id, total_cents, item_count) values ($1, 2400, 1) returning id`, [CUSTOMER])).rows[0]?.id;
    await db.query(`insert into public.order_items (order_id, item_id, title, unit_price_cents, quantity) values ($1, $2, 'Ordered', 2400, 1)`, [id, itemId]);
  }

  const status = (actor: Actor, slug: string) =>
    asActor(db, actor, async (tx) => (await tx.query<{ status: string | null }>('select public.item_page_status($1) as status', [slug])).rows[0]?.status);
  const retired = (actor: Actor, slug: string) => asActor(db, actor, async (tx) => (await tx.query('select * from public.retired_item($1)', [slug])).rows);

  beforeAll(async () => {
    db = await openLumenDatabase();
    await db.query(
      `insert into auth.users (id, email, aud, role) values ($1, 'c@example.test', 'authenticated', 'authenticated'),
        ($2, 's@example.test', 'authenticated', 'authenticated')`,
      [CUSTOMER, STAFF],
    );
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [STAFF]);
    tableware = (await db.query<{ id: number }>(`insert into public.categories (slug, name) values ('tableware', 'Tableware') returning id`)).rows[0]?.id ?? 0;

    await productWithVariant('dune-cup', 'Dune cup');
    await productWithVariant('linden-glass', 'Linden glass', { archived: true });
    // Sold, then its product taken back to a draft: its address was public and was bought from.
    const sold = await productWithVariant('moss-jug', 'Moss jug');
    await order(sold.item);
    await db.query('update public.products set published_at = null where id = $1', [sold.product]);
    // Never published: only staff ever saw it, archived or not.
    await productWithVariant('secret-vase', 'Secret prototype vase', { published: false });
    await productWithVariant('secret-bowl', 'Secret prototype bowl', { published: false, archived: true });
  });

  afterAll(async () => {
    await db.close();
  });

  it('tells on sale, retired and unknown apart, for anon, customers and staff alike', async () => {
    const slugs = ['dune-cup-amber', 'linden-glass-amber', 'moss-jug-amber', 'secret-vase-amber', 'secret-bowl-amber', 'no-such-item'];
    for (const actor of [anon, customer, staff]) {
      const statuses = await Promise.all(slugs.map((slug) => status(actor, slug)));
      expect(Object.fromEntries(slugs.map((slug, index) => [slug, statuses[index]]))).toEqual({
        'dune-cup-amber': 'on_sale',
        'linden-glass-amber': 'retired',
        'moss-jug-amber': 'retired',
        'secret-vase-amber': null,
        'secret-bowl-amber': null,
        'no-such-item': null,
      });
    }
  });

  it('a retired item stays unreadable to shoppers as a row: only its page status says it exists', async () => {
    const rows = await asActor(db, anon, async (tx) => (await tx.query(`select 1 from public.items where slug in ('linden-glass-amber', 'moss-jug-amber')`)).rows);
    expect(rows).toEqual([]);
  });

  it("gives a retired item's product title and category, and nothing for what is on sale, a draft or an unknown address", async () => {
    const category = { category_id: tableware, category_slug: 'tableware', category_name: 'Tableware' };
    for (const actor of [anon, customer]) {
      expect(await retired(actor, 'linden-glass-amber')).toEqual([{ title: 'Linden glass', ...category }]);
      expect(await retired(actor, 'moss-jug-amber')).toEqual([{ title: 'Moss jug', ...category }]);
      expect(await retired(actor, 'dune-cup-amber')).toEqual([]);
      expect(await retired(actor, 'no-such-item')).toEqual([]);
    }
  });

  it("never lets a draft's title out through them, not even to staff", async () => {
    for (const actor of [anon, customer, staff]) {
      expect(await retired(actor, 'secret-vase-amber')).toEqual([]);
      expect(await retired(actor, 'secret-bowl-amber')).toEqual([]);
    }
    // Nor by guessing: a search for its words finds nothing, whatever the slug.
    const total = await asActor(db, anon, async (tx) => (await tx.query<{ total: number }>(`select (public.search_items(query => 'secret prototype') ->> 'total')::int as total`)).rows[0]?.total);
    expect(total).toBe(0);
  });

  it('follows the item: archived, it is retired; back on sale, it is on sale again', async () => {
    const { item } = await productWithVariant('fjord-plate', 'Fjord plate');
    expect(await status(anon, 'fjord-plate-amber')).toBe('on_sale');
    await db.query('update public.items set archived_at = now() where id = $1', [item]);
    expect(await status(anon, 'fjord-plate-amber')).toBe('retired');
    expect(await retired(anon, 'fjord-plate-amber')).toEqual([{ title: 'Fjord plate', category_id: tableware, category_slug: 'tableware', category_name: 'Tableware' }]);
    await db.query('update public.items set archived_at = null where id = $1', [item]);
    expect(await status(anon, 'fjord-plate-amber')).toBe('on_sale');
    expect(await retired(anon, 'fjord-plate-amber')).toEqual([]);
  });

  it('both are granted to the API roles; an empty or odd address is simply unknown', async () => {
    const grants = await db.query<{ routine: string; grantee: string }>(
      `select routine_name as routine, grantee from information_schema.role_routine_grants
       where routine_schema = 'public' and routine_name in ('item_page_status', 'retired_item') and privilege_type = 'EXECUTE'
         and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC') order by 1, 2`,
    );
    expect(grants.rows).toEqual([
      { routine: 'item_page_status', grantee: 'anon' },
      { routine: 'item_page_status', grantee: 'authenticated' },
      { routine: 'item_page_status', grantee: 'service_role' },
      { routine: 'retired_item', grantee: 'anon' },
      { routine: 'retired_item', grantee: 'authenticated' },
      { routine: 'retired_item', grantee: 'service_role' },
    ]);
    expect(await status(anon, '')).toBeNull();
    expect(await retired(anon, "x' or true --")).toEqual([]);
  });
});
