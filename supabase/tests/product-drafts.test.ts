import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseTransaction } from '../../server/index.ts';
import { asActor, openLumenDatabase, type Actor } from './lumen-database.ts';

// What the admin's product form relies on (migration 20261130000400_product_drafts.sql): a product
// and its first variant are created together as a draft, or not at all.

const CUSTOMER = '00000000-0000-4000-8000-00000000e001';
const STAFF = '00000000-0000-4000-8000-00000000e002';
const anon: Actor = { role: 'anon' };
const customer: Actor = { role: 'authenticated', sub: CUSTOMER };
const staff: Actor = { role: 'authenticated', sub: STAFF, user_role: 'staff' };

describe('product drafts', () => {
  let db: Database;
  let tables: number;
  let seating: number;

  beforeAll(async () => {
    db = await openLumenDatabase();
    await db.query(
      `insert into auth.users (id, email, aud, role) values ($1, 'c@example.test', 'authenticated', 'authenticated'),
        ($2, 's@example.test', 'authenticated', 'authenticated')`,
      [CUSTOMER, STAFF],
    );
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [STAFF]);
    tables = (await db.query<{ id: number }>(`insert into public.categories (slug, name) values ('tables', 'Tables') returning id`)).rows[0]?.id ?? 0;
    seating = (await db.query<{ id: number }>(`insert into public.categories (slug, name) values ('seating', 'Seating') returning id`)).rows[0]?.id ?? 0;
  });

  afterAll(async () => {
    await db.close();
  });

  const create = (tx: DatabaseTransaction, slug: string, title = 'Linden ash dining table') =>
    tx.query<{ id: number }>(
      `select public.create_product(title => $1, category_id => $2, variant_slug => $3, price_cents => 89900, stock => 4,
         description => 'Solid ash.', width_cm => 180.5, weight_kg => 32.25, materials => 'Ash', variant_title => $1 || ', ash',
         options => '{"material": "Ash"}') as id`,
      [title, tables, slug],
    );

  it('creates a draft product and its first variant together, the variant a draft with it and its stock recorded', async () => {
    const made = await asActor(db, staff, async (tx) => {
      const id = (await create(tx, 'linden-table-ash')).rows[0]?.id;
      const product = (await tx.query(`select slug, title, description, category_id, width_cm::text, weight_kg::text, materials, published_at from public.products where id = $1`, [id])).rows[0];
      const variants = (await tx.query(`select slug, title, description, price_cents, stock, category_id, options, on_sale from public.items where product_id = $1`, [id])).rows;
      const movements = (await tx.query(`select m.delta, m.reason from public.stock_movements m join public.items i on i.id = m.item_id where i.product_id = $1`, [id])).rows;
      const audit = (await tx.query(`select entity, action from public.audit_log where actor = $1 order by id`, [STAFF])).rows;
      return { product, variants, movements, audit };
    });
    expect(made.product).toEqual({
      slug: 'linden-ash-dining-table',
      title: 'Linden ash dining table',
      description: 'Solid ash.',
      category_id: tables,
      width_cm: '180.5',
      weight_kg: '32.25',
      materials: 'Ash',
      published_at: null,
    });
    expect(made.variants).toEqual([
      {
        slug: 'linden-table-ash',
        title: 'Linden ash dining table, ash',
        description: 'Solid ash.',
        price_cents: 89900,
        stock: 4,
        category_id: tables,
        options: { material: 'Ash' },
        on_sale: false,
      },
    ]);
    expect(made.movements).toEqual([{ delta: 4, reason: 'initial' }]);
    expect(made.audit).toEqual([
      { entity: 'products', action: 'insert' },
      { entity: 'items', action: 'insert' },
    ]);
  });

  it('a draft made this way is invisible to anon and customers, as rows and in search', async () => {
    // Committed (asActor rolls back), then removed at the end.
    const id = (
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: STAFF, user_role: 'staff' })]);
        return (await create(tx, 'linden-visible-ash', 'Linden visible table')).rows[0]?.id ?? 0;
      })
    );
    try {
      for (const actor of [anon, customer]) {
        const seen = await asActor(db, actor, async (tx) => ({
          products: (await tx.query('select 1 from public.products where id = $1', [id])).rows.length,
          items: (await tx.query('select 1 from public.items where product_id = $1', [id])).rows.length,
          search: (await tx.query<{ total: number }>(`select (public.search_items(query => 'linden visible') ->> 'total')::int as total`)).rows[0]?.total,
        }));
        expect(seen).toEqual({ products: 0, items: 0, search: 0 });
      }
      const staffSees = await asActor(db, staff, async (tx) => (await tx.query('select 1 from public.items where product_id = $1', [id])).rows.length);
      expect(staffSees).toBe(1);
    } finally {
      await db.query('delete from public.stock_movements where item_id in (select id from public.items where product_id = $1)', [id]);
      await db.query('delete from public.items where product_id = $1', [id]);
      await db.query('delete from public.products where id = $1', [id]);
    }
  });

  it('leaves no product behind when the variant is refused, and says which address is taken', async () => {
    const outcome = await asActor(db, staff, async (tx) => {
      await tx.query(`insert into public.items (slug, title, price_cents, stock, category_id) values ('taken-table', 'Taken', 100, 1, $1)`, [tables]);
      const before = (await tx.query<{ n: number }>('select count(*)::int as n from public.products')).rows[0]?.n;
      await tx.query('savepoint attempt');
      const error = await create(tx, 'taken-table', 'Orphan table').then(
        () => null,
        (caught: unknown) => caught as { code: string; message: string },
      );
      await tx.query('rollback to savepoint attempt');
      const after = (await tx.query<{ n: number }>('select count(*)::int as n from public.products')).rows[0]?.n;
      return { code: error?.code, message: error?.message, same: before === after };
    });
    expect(outcome).toEqual({ code: '23505', message: expect.stringContaining('items_slug_key') as unknown, same: true });
  });

  it('gives a second product of the same title the next web address', async () => {
    const slugs = await asActor(db, staff, async (tx) => {
      const first = (await create(tx, 'twin-table-1', 'Twin table')).rows[0]?.id;
      const second = (await create(tx, 'twin-table-2', 'Twin table')).rows[0]?.id;
      const third = (await create(tx, 'twin-table-3', '¡¿')).rows[0]?.id;
      return (await tx.query<{ slug: string }>('select slug from public.products where id = any($1) order by id', [[first, second, third]])).rows.map((row) => row.slug);
    });
    expect(slugs).toEqual(['twin-table', 'twin-table-2', 'product']);
  });

  it('refuses customers and anon', async () => {
    await expect(asActor(db, customer, (tx) => create(tx, 'sneaky-table'))).rejects.toMatchObject({ code: '42501', message: 'Only staff can create products.' });
    await expect(asActor(db, anon, (tx) => create(tx, 'sneaky-table'))).rejects.toMatchObject({ code: '42501' });
  });

  it('moves every variant with its product to another category', async () => {
    const categories = await asActor(db, staff, async (tx) => {
      const id = (await create(tx, 'moving-table-ash', 'Moving table')).rows[0]?.id;
      await tx.query(`insert into public.items (slug, title, price_cents, stock, category_id, product_id, options) values ('moving-table-oak', 'Moving table, oak', 100, 1, $1, $2, '{"material": "Oak"}')`, [tables, id]);
      await tx.query('update public.products set category_id = $1 where id = $2', [seating, id]);
      return (await tx.query<{ category_id: number }>('select category_id from public.items where product_id = $1 order by id', [id])).rows.map((row) => row.category_id);
    });
    expect(categories).toEqual([seating, seating]);
  });

  it('stamps publication with the database’s time, keeps the first date, and only details edits move updated_at', async () => {
    // The service role with a staff member's claims: it may also set updated_at back, to see it move.
    const serviceStaff: Actor = { role: 'service_role', sub: STAFF, user_role: 'staff' };
    const stamps = await asActor(db, serviceStaff, async (tx) => {
      const id = (await create(tx, 'stamped-table-ash', 'Stamped table')).rows[0]?.id;
      await tx.query(`update public.items set image_paths = '{s/1}' where product_id = $1`, [id]);
      await tx.query(`update public.products set updated_at = '2000-01-01T00:00:00Z' where id = $1`, [id]);
      const read = async () =>
        (await tx.query<{ published: string | null; updated: string }>(
          `select to_char(published_at at time zone 'UTC', 'YYYY') as published, to_char(updated_at at time zone 'UTC', 'YYYY') as updated
           from public.products where id = $1`,
          [id],
        )).rows[0];
      const year = String(new Date().getUTCFullYear());
      await tx.query(`update public.products set published_at = '2001-01-01T00:00:00Z' where id = $1`, [id]);
      const published = await read();
      await tx.query(`update public.products set published_at = '2002-01-01T00:00:00Z' where id = $1`, [id]);
      const again = await read();
      const onSale = (await tx.query<{ on_sale: boolean }>('select on_sale from public.items where product_id = $1', [id])).rows[0]?.on_sale;
      await tx.query(`update public.products set title = 'Stamped table II' where id = $1`, [id]);
      const edited = await read();
      return { published, again, onSale, edited, year };
    });
    expect(stamps.published).toEqual({ published: stamps.year, updated: '2000' });
    expect(stamps.again).toEqual({ published: stamps.year, updated: '2000' });
    expect(stamps.onSale).toBe(true);
    expect(stamps.edited).toEqual({ published: stamps.year, updated: stamps.year });
  });

  it('lets staff correct a variant’s options, within the options’ own rules, and customers not at all', async () => {
    const options = await asActor(db, staff, async (tx) => {
      const id = (await create(tx, 'options-table-ash', 'Options table')).rows[0]?.id;
      return (await tx.query(`update public.items set options = '{"colour": "Rust"}' where product_id = $1 returning options`, [id])).rows[0];
    });
    expect(options).toEqual({ options: { colour: 'Rust' } });
    await expect(
      asActor(db, staff, async (tx) => {
        const id = (await create(tx, 'options-table-bad', 'Options table')).rows[0]?.id;
        await tx.query(`update public.items set options = '{"Colour": "Rust"}' where product_id = $1`, [id]);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    const customerEdit = await asActor(db, customer, async (tx) =>
      (await tx.query(`update public.items set options = '{"colour": "Red"}' returning id`)).rows.length,
    );
    expect(customerEdit).toBe(0);
  });
});
