import { mkdtemp, readdir, readFile, rm, symlink, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseTransaction } from '../../server/index.ts';
import { openDatabase, runMigrations } from '../../server/testing/database.ts';
import { asActor, LUMEN_PROJECT_DIR, openLumenDatabase, type Actor } from './lumen-database.ts';

// Products group items, which become their variants (docs/decisions/014-products-and-variants.md):
// the migration carries a catalog with carts, orders and stock history over without changing any
// of it, and drafts stay out of the shop for everyone but staff.

const PRODUCTS_MIGRATION = '20261130000100_products_and_variants.sql';
const CUSTOMER = '00000000-0000-4000-8000-00000000d001';
const STAFF = '00000000-0000-4000-8000-00000000d002';
const anon: Actor = { role: 'anon' };
const customer: Actor = { role: 'authenticated', sub: CUSTOMER };
const staff: Actor = { role: 'authenticated', sub: STAFF, user_role: 'staff' };

/** A database migrated up to, not including, the products migration; and that migration's SQL. */
async function openBeforeProducts(): Promise<{ db: Database; productsSql: string }> {
  const project = await mkdtemp(path.join(tmpdir(), 'lumen-before-products-'));
  try {
    const migrations = path.join(project, 'migrations');
    await mkdir(migrations);
    const files = (await readdir(path.join(LUMEN_PROJECT_DIR, 'migrations'))).filter((file) => file.endsWith('.sql') && file < PRODUCTS_MIGRATION);
    await Promise.all(files.map((file) => symlink(path.join(LUMEN_PROJECT_DIR, 'migrations', file), path.join(migrations, file))));
    const db = await openDatabase({ dataDir: null });
    await runMigrations(db, project);
    return { db, productsSql: await readFile(path.join(LUMEN_PROJECT_DIR, 'migrations', PRODUCTS_MIGRATION), 'utf8') };
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

async function rowsOf(db: Database, sql: string): Promise<unknown[]> {
  return (await db.query(sql)).rows;
}

describe('the products migration', () => {
  let db: Database;
  let before: Record<string, unknown[]>;

  const snapshot = async () => ({
    items: await rowsOf(db, 'select id, slug, title, description, price_cents, currency, stock, category_id, image_paths, archived_at from public.items order by id'),
    carts: await rowsOf(db, 'select user_id, item_id, quantity from public.cart_items order by user_id, item_id'),
    orders: await rowsOf(db, 'select id, user_id, status, total_cents, item_count from public.orders order by id'),
    lines: await rowsOf(db, 'select id, order_id, item_id, title, unit_price_cents, quantity from public.order_items order by id'),
    movements: await rowsOf(db, 'select id, item_id, delta, reason, order_id from public.stock_movements order by id'),
  });

  beforeAll(async () => {
    const opened = await openBeforeProducts();
    db = opened.db;
    await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'c@example.test', 'authenticated', 'authenticated')`, [CUSTOMER]);
    await db.exec(`
      insert into public.categories (slug, name) values ('seating', 'Seating'), ('lighting', 'Lighting');
      insert into public.items (slug, title, price_cents, stock, category_id, image_paths, archived_at)
      select slug, title, price, stock, (select id from public.categories c where c.slug = category), paths, archived
      from (values
        ('nordic-velvet-armchair-charcoal', 'Nordic velvet armchair, charcoal', 26900, 4, 'seating', '{a/1}'::text[], null::timestamptz),
        ('nordic-velvet-armchair-rust', 'Nordic velvet armchair, rust', 26900, 0, 'seating', '{a/2}', null),
        ('nordic-velvet-armchair', 'Nordic velvet armchair', 24900, 2, 'seating', '{a/3}', null),
        ('nordic-velvet-armchair-olive', 'Nordic velvet armchair, olive', 26900, 1, 'seating', '{a/4}', now()),
        ('lone-brass-lamp-brass', 'Lone brass lamp, brass', 8900, 7, 'lighting', '{b/1}', null),
        -- Same words in another category: a family of its own.
        ('nordic-velvet-armchair-lamp', 'Nordic velvet armchair', 1900, 3, 'lighting', '{}', null)
      ) as v (slug, title, price, stock, category, paths, archived);
    `);
    const ids = async (slug: string) => (await db.query<{ id: number }>('select id from public.items where slug = $1', [slug])).rows[0]?.id;
    const charcoal = await ids('nordic-velvet-armchair-charcoal');
    const lamp = await ids('lone-brass-lamp-brass');
    await db.query('insert into public.cart_items (user_id, item_id, quantity) values ($1, $2, 2), ($1, $3, 1)', [CUSTOMER, charcoal, lamp]);
    const order = (await db.query<{ id: number }>(`insert into public.orders (user_id, total_cents, item_count) values ($1, 26900, 1) returning id`, [CUSTOMER])).rows[0]?.id;
    await db.query(`insert into public.order_items (order_id, item_id, title, unit_price_cents, quantity) values ($1, $2, 'Nordic velvet armchair, charcoal', 26900, 1)`, [order, charcoal]);
    await db.query('update public.items set stock = stock + 5 where id = $1', [lamp]);
    before = await snapshot();
    await db.exec(opened.productsSql);
  });

  afterAll(async () => {
    await db.close();
  });

  it('changes nothing a customer or staff member sees of items, carts, orders and stock history', async () => {
    expect(await snapshot()).toEqual(before);
  });

  it('groups a family of "<base>, <colour>" items of one category into one product, each a colour variant', async () => {
    const { rows } = await db.query<{ product: string; category: string; variants: { slug: string; options: Record<string, string> }[] }>(`
      select p.title as product, c.slug as category,
             json_agg(json_build_object('slug', i.slug, 'options', i.options) order by i.id) as variants
      from public.products p join public.categories c on c.id = p.category_id join public.items i on i.product_id = p.id
      group by p.id, c.slug order by p.id`);
    expect(rows).toEqual([
      {
        product: 'Nordic velvet armchair',
        category: 'seating',
        variants: [
          { slug: 'nordic-velvet-armchair-charcoal', options: { colour: 'Charcoal' } },
          { slug: 'nordic-velvet-armchair-rust', options: { colour: 'Rust' } },
          { slug: 'nordic-velvet-armchair', options: { colour: 'Natural' } },
          { slug: 'nordic-velvet-armchair-olive', options: { colour: 'Olive' } },
        ],
      },
      { product: 'Lone brass lamp, brass', category: 'lighting', variants: [{ slug: 'lone-brass-lamp-brass', options: {} }] },
      { product: 'Nordic velvet armchair', category: 'lighting', variants: [{ slug: 'nordic-velvet-armchair-lamp', options: {} }] },
    ]);
    const slugs = (await db.query<{ slug: string }>('select slug from public.products order by id')).rows.map((row) => row.slug);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs[0]).toBe('nordic-velvet-armchair');
  });

  it('publishes the products it makes, and keeps an archived variant off sale', async () => {
    const { rows } = await db.query<{ slug: string; on_sale: boolean; published: boolean }>(`
      select i.slug, i.on_sale, p.published_at is not null as published
      from public.items i join public.products p on p.id = i.product_id order by i.id`);
    expect(rows.every((row) => row.published)).toBe(true);
    expect(rows.filter((row) => !row.on_sale).map((row) => row.slug)).toEqual(['nordic-velvet-armchair-olive']);
  });
});

describe('drafts', () => {
  let db: Database;
  let categoryId: number;

  beforeAll(async () => {
    db = await openLumenDatabase();
    await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'c@example.test', 'authenticated', 'authenticated'),
      ($2, 's@example.test', 'authenticated', 'authenticated')`, [CUSTOMER, STAFF]);
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [STAFF]);
    categoryId = (await db.query<{ id: number }>(`insert into public.categories (slug, name) values ('tables', 'Tables') returning id`)).rows[0]?.id ?? 0;
  });

  afterAll(async () => {
    await db.close();
  });

  /** In one transaction that is rolled back: a draft with one variant, then `then` in the same transaction. */
  async function withDraft<T>(
    variant: { pictures: string[]; price: number },
    then: (tx: DatabaseTransaction, ids: { product: number; item: number }) => Promise<T>,
  ): Promise<T> {
    let result: T | undefined;
    await db
      .transaction(async (tx) => {
        const product = (await tx.query<{ id: number }>(`insert into public.products (slug, title, category_id) values ('linden-table', 'Linden ash dining table', $1) returning id`, [categoryId])).rows[0]?.id ?? 0;
        const item = (await tx.query<{ id: number }>(
          `insert into public.items (slug, title, price_cents, stock, category_id, image_paths, product_id, options)
           values ('linden-table-ash', 'Linden ash dining table, ash', $1, 5, $2, $3, $4, '{"material": "Ash"}') returning id`,
          [variant.price, categoryId, variant.pictures, product],
        )).rows[0]?.id ?? 0;
        result = await then(tx, { product, item });
        await tx.rollback();
      })
      .catch((error: unknown) => {
        if (result === undefined) throw error;
      });
    return result as T;
  }

  const visible = async (actor: Actor, ids: { product: number; item: number }) => ({
    product: (await asActor(db, actor, (tx) => tx.query('select id from public.products where id = $1', [ids.product]))).rows.length,
    item: (await asActor(db, actor, (tx) => tx.query('select id from public.items where id = $1', [ids.item]))).rows.length,
    search: (await asActor(db, actor, (tx) => tx.query<{ total: number }>(`select (public.search_items(query => 'linden') ->> 'total')::int as total`))).rows[0]?.total,
  });

  it('a staff member’s new product is a draft: invisible to anon and customers (rows and search), seen by staff', async () => {
    // asActor runs in its own transaction, so the draft is committed here and removed at the end.
    const product = (await db.query<{ id: number }>(`insert into public.products (slug, title, category_id) values ('linden-draft', 'Linden ash dining table', $1) returning id`, [categoryId])).rows[0]?.id ?? 0;
    const item = (await db.query<{ id: number }>(
      `insert into public.items (slug, title, price_cents, stock, category_id, image_paths, product_id) values ('linden-draft-ash', 'Linden ash dining table', 89900, 3, $1, '{l/1}', $2) returning id`,
      [categoryId, product],
    )).rows[0]?.id ?? 0;
    try {
      expect(await visible(anon, { product, item })).toEqual({ product: 0, item: 0, search: 0 });
      expect(await visible(customer, { product, item })).toEqual({ product: 0, item: 0, search: 0 });
      expect((await visible(staff, { product, item })).product).toBe(1);
      expect((await visible(staff, { product, item })).item).toBe(1);
      // Not in a cart, even by id.
      await expect(
        asActor(db, customer, (tx) => tx.query('insert into public.cart_items (item_id, quantity) values ($1, 1)', [item])),
      ).rejects.toMatchObject({ code: '23503' });
      // Published, it is in the shop.
      await db.query('update public.products set published_at = now() where id = $1', [product]);
      expect(await visible(anon, { product, item })).toEqual({ product: 1, item: 1, search: 1 });
    } finally {
      await db.query('delete from public.items where id = $1', [item]);
      await db.query('delete from public.products where id = $1', [product]);
    }
  });

  it('staff cannot create a product already published; they publish a draft by update', async () => {
    await expect(
      asActor(db, staff, (tx) => tx.query(`insert into public.products (slug, title, category_id, published_at) values ('x', 'X', $1, now())`, [categoryId])),
    ).rejects.toMatchObject({ code: '42501' });
    const published = await asActor(db, staff, async (tx) => {
      const id = (await tx.query<{ id: number }>(`insert into public.products (slug, title, category_id) values ('x', 'X', $1) returning id, published_at`, [categoryId])).rows[0]?.id;
      await tx.query(`insert into public.items (slug, title, price_cents, stock, category_id, image_paths, product_id) values ('x-1', 'X', 100, 1, $1, '{x/1}', $2)`, [categoryId, id]);
      return (await tx.query<{ published: boolean }>('update public.products set published_at = now() where id = $1 returning published_at is not null as published', [id])).rows[0];
    });
    expect(published).toEqual({ published: true });
  });

  it('refuses to publish a product without a picture or without a price', async () => {
    for (const variant of [{ pictures: [], price: 89900 }, { pictures: ['l/1'], price: 0 }]) {
      await expect(withDraft(variant, (tx, { product }) => tx.query('update public.products set published_at = now() where id = $1', [product]))).rejects.toMatchObject({
        code: '23514',
        message: 'Add a picture and a price to a variant before publishing Linden ash dining table.',
      });
    }
  });

  it('unpublishing takes the variants off sale and out of every cart', async () => {
    const left = await withDraft({ pictures: ['l/1'], price: 89900 }, async (tx, { product, item }) => {
      await tx.query('update public.products set published_at = now() where id = $1', [product]);
      await tx.query('insert into public.cart_items (user_id, item_id, quantity) values ($1, $2, 1)', [CUSTOMER, item]);
      await tx.query('update public.products set published_at = null where id = $1', [product]);
      const onSale = (await tx.query<{ on_sale: boolean }>('select on_sale from public.items where id = $1', [item])).rows[0]?.on_sale;
      const inCarts = (await tx.query('select 1 from public.cart_items where item_id = $1', [item])).rows.length;
      return { onSale, inCarts };
    });
    expect(left).toEqual({ onSale: false, inCarts: 0 });
  });

  it('an item created without a product gets a published product of its own, as the admin’s item form expects', async () => {
    const row = await asActor(db, staff, async (tx) => {
      await tx.query(`insert into public.items (slug, title, price_cents, stock, category_id) values ('solo-stool', 'Solo stool', 4900, 2, $1)`, [categoryId]);
      return (
        await tx.query<{ on_sale: boolean; slug: string; title: string; published: boolean }>(
          `select i.on_sale, p.slug, p.title, p.published_at is not null as published from public.items i join public.products p on p.id = i.product_id where i.slug = 'solo-stool'`,
        )
      ).rows[0];
    });
    expect(row).toEqual({ on_sale: true, slug: 'solo-stool', title: 'Solo stool', published: true });
  });

  it('refuses option values that are not a small object of short strings', async () => {
    for (const options of ['[]', '{"colour": 3}', '{"Colour": "Red"}', '{"colour": ""}', '{"a": "1", "b": "2", "c": "3", "d": "4", "e": "5"}']) {
      await expect(
        db.query(`insert into public.items (slug, title, price_cents, stock, category_id, options) values ('bad', 'Bad', 1, 1, $1, $2::jsonb)`, [categoryId, options]),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });
});
