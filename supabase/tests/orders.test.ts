import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, openLumenDatabase, queryAsUser } from './lumen-database.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';
import { cleanDelivery, deliveryProblems, EMPTY_DELIVERY, type DeliveryDraft } from '../../src/features/orders/api/delivery-schema.ts';

const ALICE = '00000000-0000-4000-8000-00000000a11c';
const BOB = '00000000-0000-4000-8000-0000000000b0';
const alice = { role: 'authenticated', sub: ALICE } as const;
const bob = { role: 'authenticated', sub: BOB } as const;

let db: Database;

/** Runs as a user and commits (asActor rolls back; ordering needs to persist between steps). */
const asUser = <T,>(sub: string, sql: string, params: unknown[] = []): Promise<T[]> => queryAsUser<T>(db, sub, sql, params);

/** A fresh checkout attempt, as the app makes one per review. */
const attempt = () => crypto.randomUUID();

async function stock(slug: string): Promise<number> {
  const { rows } = await db.query<{ stock: number }>('select stock from items where slug = $1', [slug]);
  return rows[0]?.stock ?? -1;
}

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.exec(`
    insert into auth.users (id, email, aud, role) values
      ('${ALICE}', 'alice@example.test', 'authenticated', 'authenticated'),
      ('${BOB}', 'bob@example.test', 'authenticated', 'authenticated');
    insert into categories (slug, name) values ('lighting', 'Lighting');
    insert into items (slug, title, price_cents, stock, category_id) values
      ('lamp', 'Lamp', 4900, 5, 1), ('shade', 'Shade', 1900, 2, 1), ('bulb', 'Bulb', 500, 1, 1), ('gone', 'Gone', 100, 0, 1);
  `);
});

afterAll(async () => {
  await db.close();
});

describe('cart_items', () => {
  it('keeps each cart private to its owner', async () => {
    await asUser(ALICE, `insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), 1)`);
    expect(await asUser(BOB, 'select * from cart_items')).toEqual([]);
    await expect(
      asActor(db, bob, (tx) => tx.query(`insert into cart_items (user_id, item_id, quantity) values ('${ALICE}', 1, 1)`)),
    ).rejects.toThrow(/row-level security/);
    const changed = await asUser(BOB, `update cart_items set quantity = 2 where user_id = '${ALICE}' returning *`);
    expect(changed).toEqual([]);
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select * from cart_items'))).rejects.toThrow(/permission denied/);
    await asUser(ALICE, 'delete from cart_items');
  });

  it("accepts the app's upsert, which PostgREST turns into DO UPDATE of every payload column", async () => {
    const upsert = `insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), $1)
      on conflict (user_id, item_id) do update set item_id = excluded.item_id, quantity = excluded.quantity
      returning user_id, quantity`;
    expect(await asUser(ALICE, upsert, [1])).toEqual([{ user_id: ALICE, quantity: 1 }]);
    expect(await asUser(ALICE, upsert, [3])).toEqual([{ user_id: ALICE, quantity: 3 }]);
    // Moving a line to another owner stays impossible: user_id is not updatable at all.
    await expect(asActor(db, alice, (tx) => tx.query(`update cart_items set user_id = '${BOB}'`))).rejects.toThrow(/permission denied/);
    await asUser(ALICE, 'delete from cart_items');
  });

  it('refuses quantities above the stock or outside 1–99 with a clear message', async () => {
    await expect(
      asActor(db, alice, (tx) => tx.query(`insert into cart_items (item_id, quantity) values ((select id from items where slug = 'shade'), 3)`)),
    ).rejects.toThrow('Only 2 of Shade left.');
    await expect(
      asActor(db, alice, (tx) => tx.query(`insert into cart_items (item_id, quantity) values ((select id from items where slug = 'gone'), 1)`)),
    ).rejects.toThrow('Gone is out of stock.');
    await expect(
      asActor(db, alice, (tx) => tx.query(`insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), 0)`)),
    ).rejects.toThrow(/violates check constraint/);
  });

  it('merges a guest cart: sums, caps by stock, skips unknown and sold-out items', async () => {
    await asUser(ALICE, `insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), 2)`);
    const ids = Object.fromEntries(
      (await db.query<{ slug: string; id: number }>('select slug, id from items')).rows.map((row) => [row.slug, row.id]),
    );
    const [result] = await asUser<{ report: unknown }>(ALICE, 'select public.merge_cart($1) as report', [
      JSON.stringify([
        { item_id: ids.lamp, quantity: 2 },
        { item_id: ids.shade, quantity: 5 },
        { item_id: ids.gone, quantity: 1 },
        { item_id: 999999, quantity: 1 },
      ]),
    ]);
    expect(result?.report).toEqual([
      { item_id: ids.lamp, requested: 4, quantity: 4 },
      { item_id: ids.shade, requested: 5, quantity: 2 },
      { item_id: ids.gone, requested: 1, quantity: 0 },
      { item_id: 999999, requested: 1, quantity: 0 },
    ]);
    const cart = await asUser<{ item_id: number; quantity: number }>(ALICE, 'select item_id, quantity from cart_items order by item_id');
    expect(cart).toEqual([
      { item_id: ids.lamp, quantity: 4 },
      { item_id: ids.shade, quantity: 2 },
    ]);
    await asUser(ALICE, 'delete from cart_items');
  });
});

describe('place_order and cancel_order', () => {
  it('orders the cart atomically: stock down, prices snapshotted, cart cleared', async () => {
    await asUser(ALICE, `insert into cart_items (item_id, quantity) select id, 2 from items where slug in ('lamp', 'shade')`);
    const [placed] = await asUser<{ result: { status: string; order_id: number; total_cents: number } }>(
      ALICE,
      'select public.place_order($1, $2) as result',
      [attempt(), TEST_DELIVERY_JSON],
    );
    expect(placed?.result).toMatchObject({ status: 'placed', total_cents: 2 * 4900 + 2 * 1900, currency: 'EUR' });
    expect(await stock('lamp')).toBe(3);
    expect(await stock('shade')).toBe(0);
    expect(await asUser(ALICE, 'select * from cart_items')).toEqual([]);

    await db.query(`update items set price_cents = 9999, title = 'Renamed lamp' where slug = 'lamp'`);
    const lines = await asUser<{ title: string; unit_price_cents: number; quantity: number }>(
      ALICE,
      'select title, unit_price_cents, quantity from order_items where order_id = $1 order by title',
      [placed?.result.order_id],
    );
    expect(lines).toEqual([
      { title: 'Lamp', unit_price_cents: 4900, quantity: 2 },
      { title: 'Shade', unit_price_cents: 1900, quantity: 2 },
    ]);
    expect(await asUser(BOB, 'select * from orders')).toEqual([]);
    expect(await asUser(BOB, 'select * from order_items')).toEqual([]);

    const [cancelled] = await asUser<{ result: unknown }>(ALICE, 'select public.cancel_order($1) as result', [placed?.result.order_id]);
    expect(cancelled?.result).toEqual({ status: 'cancelled', order_id: placed?.result.order_id });
    expect(await stock('lamp')).toBe(5);
    expect(await stock('shade')).toBe(2);
    await expect(asUser(ALICE, 'select public.cancel_order($1)', [placed?.result.order_id])).rejects.toThrow(/already cancelled/);
    await expect(asUser(BOB, 'select public.cancel_order($1)', [placed?.result.order_id])).rejects.toThrow(/was not found/);
  });

  it('orders nothing when stock ran short, and adjusts the cart without losing the rest', async () => {
    await asUser(ALICE, `insert into cart_items (item_id, quantity) select id, 1 from items where slug in ('lamp', 'bulb', 'shade')`);
    await asUser(ALICE, `update cart_items set quantity = 2 where item_id = (select id from items where slug = 'shade')`);
    // Someone else bought meanwhile.
    await db.exec(`update items set stock = 0 where slug = 'bulb'; update items set stock = 1 where slug = 'shade'`);
    const [result] = await asUser<{ result: { status: string; changes: unknown[] } }>(ALICE, 'select public.place_order($1, $2) as result', [attempt(), TEST_DELIVERY_JSON]);
    expect(result?.result.status).toBe('stock_changed');
    expect(result?.result.changes).toEqual([
      expect.objectContaining({ title: 'Shade', requested: 2, available: 1 }),
      expect.objectContaining({ title: 'Bulb', requested: 1, available: 0 }),
    ]);
    const cart = await asUser<{ slug: string; quantity: number }>(
      ALICE,
      'select i.slug, c.quantity from cart_items c join items i on i.id = c.item_id order by i.slug',
    );
    expect(cart).toEqual([
      { slug: 'lamp', quantity: 1 },
      { slug: 'shade', quantity: 1 },
    ]);
    expect(await stock('lamp')).toBe(5);
    expect((await db.query('select count(*)::int as n from orders')).rows).toEqual([{ n: 1 }]);
    await asUser(ALICE, 'delete from cart_items');
  });

  it('refuses an empty cart, anonymous callers and direct writes', async () => {
    await expect(asUser(ALICE, 'select public.place_order($1, $2)', [attempt(), TEST_DELIVERY_JSON])).rejects.toThrow('Your cart is empty.');
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select public.place_order($1, $2)', [attempt(), TEST_DELIVERY_JSON]))).rejects.toThrow(/permission denied/);
    await expect(
      asActor(db, alice, (tx) => tx.query(`insert into orders (user_id, total_cents, item_count) values ('${ALICE}', 0, 1)`)),
    ).rejects.toThrow(/permission denied/);
    await expect(asActor(db, alice, (tx) => tx.query(`update orders set status = 'confirmed'`))).rejects.toThrow(/permission denied/);
  });

  it('answers a repeated checkout attempt with the order it placed, not with an empty cart', async () => {
    await asUser(BOB, `insert into cart_items (item_id, quantity) select id, 1 from items where slug = 'lamp'`);
    const key = attempt();
    type Placed = { result: { status: string; order_id: number; total_cents: number; replayed: boolean } };
    const [first] = await asUser<Placed>(BOB, 'select public.place_order($1, $2) as result', [key, TEST_DELIVERY_JSON]);
    const [again] = await asUser<Placed>(BOB, 'select public.place_order($1, $2) as result', [key, TEST_DELIVERY_JSON]);
    expect(first?.result).toMatchObject({ status: 'placed', replayed: false });
    expect(again?.result).toEqual({ ...first?.result, replayed: true });
    expect(await asUser(BOB, 'select id from orders')).toEqual([{ id: first?.result.order_id }]);
    expect(await stock('lamp')).toBe(4);

    // Still the same order after it was cancelled; a new attempt is a new checkout of an empty cart.
    await asUser(BOB, 'select public.cancel_order($1)', [first?.result.order_id]);
    const [later] = await asUser<Placed>(BOB, 'select public.place_order($1, $2) as result', [key, TEST_DELIVERY_JSON]);
    expect(later?.result.order_id).toBe(first?.result.order_id);
    await expect(asUser(BOB, 'select public.place_order($1, $2)', [attempt(), TEST_DELIVERY_JSON])).rejects.toThrow('Your cart is empty.');

    // The key is Bob's alone: Alice's attempt with the same key is her own checkout.
    await asUser(ALICE, `insert into cart_items (item_id, quantity) select id, 1 from items where slug = 'lamp'`);
    const [hers] = await asUser<Placed>(ALICE, 'select public.place_order($1, $2) as result', [key, TEST_DELIVERY_JSON]);
    expect(hers?.result).toMatchObject({ status: 'placed', replayed: false });
    expect(hers?.result.order_id).not.toBe(first?.result.order_id);
    await asUser(ALICE, 'select public.cancel_order($1)', [hers?.result.order_id]);
  });

  it('needs a key for every checkout attempt', async () => {
    await expect(asUser(ALICE, 'select public.place_order(null, $1)', [TEST_DELIVERY_JSON])).rejects.toThrow(
      'Each checkout attempt needs its own idempotency_key.',
    );
    await expect(asUser(ALICE, 'select public.place_order()')).rejects.toThrow(/does not exist/);
  });

  it('refuses delivery details that will not do, naming every field, and orders nothing', async () => {
    await asUser(BOB, `insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), 1)`);
    const before = await stock('lamp');
    const bad = JSON.stringify({ full_name: '  ', line1: '', postcode: '!', city: 'Cork', country: 'Ireland', phone: 'call me' });
    const refusal = asUser(BOB, 'select public.place_order($1, $2)', [attempt(), bad]);
    await expect(refusal).rejects.toThrow(/^Check the delivery details: /);
    await expect(refusal).rejects.toMatchObject({ code: '22023' });
    const problems = await asUser<{ problems: Record<string, string> }>(BOB, 'select public.delivery_problems($1) as problems', [bad]);
    expect(Object.keys(problems[0]?.problems ?? {}).sort()).toEqual(['country', 'full_name', 'line1', 'phone', 'postcode']);
    await expect(asUser(BOB, 'select public.place_order($1, null)', [attempt()])).rejects.toThrow('Add a delivery address.');
    expect(await stock('lamp')).toBe(before);
    expect(await asUser(BOB, 'select id from orders where delivery is null and user_id = $1 and created_at > now() - interval \'1 minute\'', [BOB])).toEqual([]);
    await asUser(BOB, 'delete from cart_items');
  });

  it('agrees with the app on which delivery details will not do', async () => {
    const drafts: DeliveryDraft[] = [
      { ...EMPTY_DELIVERY },
      { ...EMPTY_DELIVERY, full_name: 'A', line1: '1 Road', postcode: 'ab', city: 'X', country: 'ie', phone: '12345' },
      { ...EMPTY_DELIVERY, full_name: 'x'.repeat(121), line1: '1 Road', postcode: 'D02 X285', city: 'Dublin', phone: '+353 (1) 234-5678' },
      { ...EMPTY_DELIVERY, full_name: 'Ada', line1: '1 Road', line2: '  ', postcode: ' 1234-567 ', city: 'Porto', country: 'PT', phone: '' },
      { ...EMPTY_DELIVERY, full_name: 'Ada', line1: '1 Road', postcode: 'SW1A 1AA', city: 'London', country: 'XXL', phone: 'call me' },
    ];
    for (const draft of drafts) {
      // What the app sends: its cleaned draft, the phone in international format when it is a valid one.
      const [row] = await asUser<{ problems: Record<string, string> }>(BOB, 'select public.delivery_problems($1) as problems', [JSON.stringify(cleanDelivery(draft))]);
      expect(row?.problems, JSON.stringify(draft)).toEqual(deliveryProblems(draft));
      const [cleaned] = await asUser<{ cleaned: unknown }>(BOB, 'select public.clean_delivery($1) as cleaned', [JSON.stringify(draft)]);
      if (Object.keys(deliveryProblems(draft)).length === 0) expect(cleaned?.cleaned).toEqual(cleanDelivery(draft));
    }
  });

  it('keeps a cleaned snapshot of the address with the order and saves it once to the buyer’s addresses', async () => {
    const messy = JSON.stringify({ ...JSON.parse(TEST_DELIVERY_JSON), full_name: '  Ada   Lovelace ', postcode: 'd02 x285', line2: ' ' });
    await db.query(`update items set stock = 10 where slug = 'lamp'`);
    const place = async () => {
      await asUser(BOB, `insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), 1)`);
      const [placed] = await asUser<{ result: { order_id: number } }>(BOB, 'select public.place_order($1, $2) as result', [attempt(), messy]);
      return placed?.result.order_id ?? 0;
    };
    const first = await place();
    const [order] = await asUser<{ delivery: Record<string, unknown> }>(BOB, 'select delivery from orders where id = $1', [first]);
    expect(order?.delivery).toEqual({ ...JSON.parse(TEST_DELIVERY_JSON), full_name: 'Ada Lovelace', postcode: 'D02 X285', line2: null });
    const second = await place();
    const addresses = await asUser<{ full_name: string; postcode: string }>(BOB, 'select full_name, postcode from addresses where user_id = $1', [BOB]);
    expect(addresses).toEqual([{ full_name: 'Ada Lovelace', postcode: 'D02 X285' }]);
    // The snapshot stays what was ordered, whatever the address book says later.
    await asUser(BOB, `update addresses set city = 'Galway'`);
    const [kept] = await asUser<{ city: string }>(BOB, `select delivery ->> 'city' as city from orders where id = $1`, [first]);
    expect(kept?.city).toBe('Dublin');
    // Nobody else sees or changes them.
    expect(await asUser(ALICE, 'select * from addresses where user_id = $1', [BOB])).toEqual([]);
    expect(await asUser(ALICE, `update addresses set city = 'Nowhere' where user_id = $1 returning id`, [BOB])).toEqual([]);
    for (const order of [first, second]) await asUser(BOB, 'select public.cancel_order($1)', [order]);
  });

  it('keeps orders, anonymised, when the account is deleted', async () => {
    await db.query(`delete from auth.users where id = '${ALICE}'`);
    const { rows } = await db.query<{ user_id: string | null }>(`select user_id from orders where user_id is distinct from '${BOB}'`);
    expect(rows).toEqual([{ user_id: null }, { user_id: null }]);
  });
});
