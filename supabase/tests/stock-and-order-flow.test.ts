import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLumenDatabase } from './lumen-database.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

const BUYER = '00000000-0000-4000-8000-0000000000d1';
const STAFF = '00000000-0000-4000-8000-0000000000d2';

let db: Database;

interface Claims {
  sub: string;
  user_role?: 'staff';
}
const buyer: Claims = { sub: BUYER };
const staff: Claims = { sub: STAFF, user_role: 'staff' };

/** Runs as a signed-in user (staff when the claim says so) and commits. */
async function as<T>(claims: Claims, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ role: 'authenticated', ...claims }),
    ]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** The error a statement raises as this user, or null. */
async function refusal(claims: Claims, sql: string, params: unknown[] = []): Promise<{ code: string; message: string; hint?: string } | null> {
  try {
    await as(claims, sql, params);
    return null;
  } catch (error) {
    const { code, message, hint } = error as { code: string; message: string; hint?: string };
    return { code, message, ...(hint ? { hint } : {}) };
  }
}

async function itemId(slug: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select id from items where slug = $1', [slug]);
  if (!rows[0]) throw new Error(`no item ${slug}`);
  return rows[0].id;
}

async function stockOf(slug: string): Promise<number> {
  const { rows } = await db.query<{ stock: number }>('select stock from items where slug = $1', [slug]);
  return rows[0]?.stock ?? -1;
}

/** Places an order of `quantity` × the item as the buyer; its id. */
async function order(slug: string, quantity: number): Promise<number> {
  await as(buyer, 'insert into cart_items (item_id, quantity) values ($1, $2)', [await itemId(slug), quantity]);
  const [placed] = await as<{ result: { status: string; order_id: number } }>(buyer, 'select public.place_order($1, $2) as result', [
    crypto.randomUUID(),
    TEST_DELIVERY_JSON,
  ]);
  if (placed?.result.status !== 'placed') throw new Error(`the order was not placed: ${JSON.stringify(placed)}`);
  return placed.result.order_id;
}

/** The order as the service role confirms it (the receipt function's job). */
async function confirm(orderId: number): Promise<void> {
  await db.query(`update orders set status = 'confirmed', confirmed_at = now() where id = $1`, [orderId]);
}

async function statusOf(orderId: number): Promise<string> {
  const { rows } = await db.query<{ status: string }>('select status from orders where id = $1', [orderId]);
  return rows[0]?.status ?? 'missing';
}

/** Items whose stock is not the sum of their movements: the ledger's one invariant. */
async function ledgerMismatches(): Promise<unknown[]> {
  const { rows } = await db.query(`
    select i.slug, i.stock, coalesce(sum(m.delta), 0)::int as ledger from items i left join stock_movements m on m.item_id = i.id
    group by i.id having i.stock <> coalesce(sum(m.delta), 0)`);
  return rows;
}

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'buyer@example.test', 'authenticated', 'authenticated'),
    ($2, 'staff@example.test', 'authenticated', 'authenticated')`, [BUYER, STAFF]);
  await db.query(`insert into user_roles (user_id, role) values ($1, 'staff')`, [STAFF]);
  await db.exec(`
    insert into categories (slug, name) values ('lighting', 'Lighting');
    insert into items (slug, title, price_cents, stock, category_id) values
      ('lamp', 'Lamp', 4900, 10, 1), ('shade', 'Shade', 1900, 4, 1), ('bulb', 'Bulb', 500, 0, 1);
  `);
});

afterAll(async () => {
  await db.close();
});

describe('stock movements', () => {
  it('record every change with its reason, order and actor, so stock is always the sum of its movements', async () => {
    const placed = await order('lamp', 3);
    await as(staff, `select public.adjust_stock($1, 5, 'restock', 'Supplier delivery')`, [await itemId('shade')]);
    await db.query(`update items set stock = stock + 1 where slug = 'bulb'`);
    await as(buyer, 'select public.cancel_order($1)', [placed]);
    const { rows } = await db.query<{ slug: string; delta: number; reason: string; note: string | null; order_id: number | null; actor: string | null }>(`
      select i.slug, m.delta, m.reason, m.note, m.order_id, m.actor from stock_movements m join items i on i.id = m.item_id order by m.id`);
    expect(rows).toEqual([
      { slug: 'lamp', delta: 10, reason: 'initial', note: null, order_id: null, actor: null },
      { slug: 'shade', delta: 4, reason: 'initial', note: null, order_id: null, actor: null },
      { slug: 'lamp', delta: -3, reason: 'sale', note: null, order_id: placed, actor: BUYER },
      { slug: 'shade', delta: 5, reason: 'restock', note: 'Supplier delivery', order_id: null, actor: STAFF },
      { slug: 'bulb', delta: 1, reason: 'correction', note: null, order_id: null, actor: null },
      { slug: 'lamp', delta: 3, reason: 'cancellation', note: null, order_id: placed, actor: BUYER },
    ]);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('lets only staff adjust, with a reason, never below zero, and never by editing the column', async () => {
    const shade = await itemId('shade');
    expect(await refusal(buyer, `select public.adjust_stock($1, 5, 'restock')`, [shade])).toMatchObject({ code: '42501', message: 'Only staff can adjust stock.' });
    expect(await refusal(staff, `select public.adjust_stock($1, 5, 'because')`, [shade])).toMatchObject({ code: '22023' });
    expect(await refusal(staff, `select public.adjust_stock($1, 0, 'restock')`, [shade])).toMatchObject({ code: '22023' });
    const before = await stockOf('shade');
    expect(await refusal(staff, `select public.adjust_stock($1, $2, 'damage')`, [shade, -(before + 1)])).toEqual({
      code: 'P0001',
      message: `Only ${before} in stock: cannot take away ${before + 1}.`,
    });
    expect(await refusal(staff, 'update items set stock = 99 where id = $1', [shade])).toMatchObject({ code: '42501' });
    // Slugs are chosen once, at creation: links to an item keep working.
    expect(await refusal(staff, `update items set slug = 'renamed-shade' where id = $1`, [shade])).toMatchObject({ code: '42501' });
    expect(await as(staff, `update items set title = 'Linen shade' where id = $1 returning title`, [shade])).toEqual([{ title: 'Linen shade' }]);
    expect(await stockOf('shade')).toBe(before);
  });

  it('are readable by staff only', async () => {
    expect((await as(staff, 'select count(*)::int as n from stock_movements'))[0]).toMatchObject({ n: expect.any(Number) });
    expect(await as(buyer, 'select * from stock_movements')).toEqual([]);
  });
});

describe('the order flow', () => {
  it('moves an order confirmed → packed → shipped → delivered, stamping each step, and nothing after', async () => {
    const placed = await order('lamp', 1);
    expect(await refusal(staff, `select public.set_order_status($1, 'packed')`, [placed])).toEqual({
      code: 'P0001',
      message: `Order ${placed} is placed: it cannot become packed.`,
      hint: 'It can become cancelled.',
    });
    await confirm(placed);
    for (const next of ['packed', 'shipped', 'delivered']) {
      expect(await as(staff, 'select public.set_order_status($1, $2) as result', [placed, next])).toEqual([{ result: { order_id: placed, status: next } }]);
      expect(await statusOf(placed)).toBe(next);
    }
    const { rows } = await db.query<{ stamped: boolean }>('select packed_at <= shipped_at and shipped_at <= delivered_at as stamped from orders where id = $1', [placed]);
    expect(rows).toEqual([{ stamped: true }]);
    expect(await refusal(staff, `select public.set_order_status($1, 'cancelled')`, [placed])).toMatchObject({ code: 'P0001', hint: 'Record a return of its lines instead.' });
  });

  it('cancels a packed order with its stock put back; the customer can no longer cancel it themselves', async () => {
    const before = await stockOf('shade');
    const placed = await order('shade', 2);
    await confirm(placed);
    await as(staff, `select public.set_order_status($1, 'packed')`, [placed]);
    expect(await refusal(buyer, 'select public.cancel_order($1)', [placed])).toEqual({
      code: 'P0001',
      message: `Order ${placed} is already packed, so it can no longer be cancelled.`,
    });
    await as(staff, `select public.set_order_status($1, 'cancelled')`, [placed]);
    expect(await statusOf(placed)).toBe('cancelled');
    expect(await stockOf('shade')).toBe(before);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('refuses customers, and lets staff (only) see every order', async () => {
    const placed = await order('lamp', 1);
    expect(await refusal(buyer, `select public.set_order_status($1, 'cancelled')`, [placed])).toMatchObject({ code: '42501' });
    const other: Claims = { sub: '00000000-0000-4000-8000-0000000000d3' };
    expect(await as(other, 'select id from orders where id = $1', [placed])).toEqual([]);
    expect(await as(staff, 'select id from orders where id = $1', [placed])).toEqual([{ id: placed }]);
    expect((await as(staff, 'select count(*)::int as n from order_items where order_id = $1', [placed]))[0]).toEqual({ n: 1 });
  });
});

describe('the audit log', () => {
  it('records staff changes with who and before/after, not customers’ or the service role’s, and only staff read it', async () => {
    const lamp = await itemId('lamp');
    await db.query('delete from audit_log');
    await as(staff, 'update items set price_cents = 5200 where id = $1', [lamp]);
    await db.query('update items set price_cents = 5300 where id = $1', [lamp]);
    const placed = await order('lamp', 1);
    await confirm(placed);
    await as(staff, `select public.set_order_status($1, 'packed')`, [placed]);
    const rows = await as<{ actor: string; action: string; entity: string; entity_id: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      staff,
      'select actor, action, entity, entity_id, before, after from audit_log order by id',
    );
    expect(rows.map(({ actor, action, entity, entity_id }) => ({ actor, action, entity, entity_id }))).toEqual([
      { actor: STAFF, action: 'update', entity: 'items', entity_id: String(lamp) },
      { actor: STAFF, action: 'update', entity: 'orders', entity_id: String(placed) },
    ]);
    expect([rows[0]?.before.price_cents, rows[0]?.after.price_cents]).toEqual([4900, 5200]);
    expect(rows[0]?.after).not.toHaveProperty('search_vector');
    expect([rows[1]?.before.status, rows[1]?.after.status]).toEqual(['confirmed', 'packed']);
    expect(await as(buyer, 'select * from audit_log')).toEqual([]);
  });
});
