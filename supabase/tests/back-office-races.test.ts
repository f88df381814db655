import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

// The back office under real concurrency (as orders-race.test.ts: a throwaway PostgreSQL, one
// connection per person, statements racing for real — PGlite runs one at a time): staff recording
// returns of the same order at once, returns racing with purchases and stock adjustments of the
// same items, and purchases crossing a low-stock threshold together. Whatever the interleaving, no
// more comes back than was sold, stock is the sum of its movements, and one crossing is one alert.

const ROUNDS = 25;
const STAFF = ['00000000-0000-4000-8000-0000000005a1', '00000000-0000-4000-8000-0000000005a2', '00000000-0000-4000-8000-0000000005a3', '00000000-0000-4000-8000-0000000005a4'];
const BUYERS = ['00000000-0000-4000-8000-0000000005b1', '00000000-0000-4000-8000-0000000005b2', '00000000-0000-4000-8000-0000000005b3', '00000000-0000-4000-8000-0000000005b4'];

let cluster: PostgresCluster;
let admin: pg.Client;
let staff: pg.Client[];
let buyers: pg.Client[];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  return client;
}

beforeAll(async () => {
  cluster = await startPostgresCluster();
  await migratePostgres(cluster.url);
  admin = await connect();
  await admin.query(
    `insert into auth.users (id, email, aud, role) select u, 'person-' || right(u::text, 3) || '@example.test', 'authenticated', 'authenticated' from unnest($1::uuid[]) u`,
    [[...STAFF, ...BUYERS]],
  );
  await admin.query(`insert into user_roles (user_id, role) select u, 'staff' from unnest($1::uuid[]) u`, [STAFF]);
  await admin.query(`insert into categories (slug, name) values ('race', 'Race')`);
  staff = await Promise.all(STAFF.map(connect));
  buyers = await Promise.all(BUYERS.map(connect));
}, 120_000);

afterAll(async () => {
  await Promise.all([admin, ...(staff ?? []), ...(buyers ?? [])].map((client) => client?.end()));
  cluster?.stop();
});

/** One statement as `sub` (staff when `asStaff`), committed, as one PostgREST request; rolled back on error. */
async function asUser<T>(client: pg.Client, sub: string, asStaff: boolean, sql: string, params: unknown[] = []): Promise<T[]> {
  await client.query('begin');
  try {
    await client.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ role: 'authenticated', sub, ...(asStaff ? { user_role: 'staff' } : {}) }),
    ]);
    const { rows } = await client.query(sql, params);
    await client.query('commit');
    return rows as T[];
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function newItem(slug: string, stock: number, threshold = 5): Promise<number> {
  const { rows } = await admin.query<{ id: number }>(
    `insert into items (slug, title, price_cents, stock, category_id, low_stock_threshold) values ($1, initcap(replace($1, '-', ' ')), 1000, $2, (select id from categories where slug = 'race'), $3) returning id::int`,
    [slug, stock, threshold],
  );
  return rows[0]?.id ?? 0;
}

interface PlaceResult {
  status: string;
  order_id?: number;
}

async function placeOrder(client: pg.Client, buyer: string): Promise<PlaceResult> {
  const [row] = await asUser<{ result: PlaceResult }>(client, buyer, false, 'select public.place_order($1, $2) as result', [crypto.randomUUID(), TEST_DELIVERY_JSON]);
  return row?.result ?? { status: 'none' };
}

/** A delivered order of `lines` ([item, quantity]) for the first buyer; its line ids by item. */
async function deliveredOrder(lines: [number, number][]): Promise<{ id: number; lines: Map<number, number> }> {
  const buyer = BUYERS[0] ?? '';
  await admin.query('delete from cart_items where user_id = $1', [buyer]);
  for (const [itemId, quantity] of lines) {
    await admin.query('insert into cart_items (user_id, item_id, quantity) values ($1, $2, $3)', [buyer, itemId, quantity]);
  }
  const placed = await placeOrder(buyers[0] as pg.Client, buyer);
  if (placed.status !== 'placed' || !placed.order_id) throw new Error(`not placed: ${JSON.stringify(placed)}`);
  await admin.query(`update orders set status = 'delivered', confirmed_at = now(), delivered_at = now() where id = $1`, [placed.order_id]);
  const { rows } = await admin.query<{ id: number; item_id: number }>('select id::int, item_id::int from order_items where order_id = $1', [placed.order_id]);
  return { id: placed.order_id, lines: new Map(rows.map((row) => [row.item_id, row.id])) };
}

type Request = [orderItemId: number, quantity: number][];

function recordReturn(index: number, orderId: number, request: Request, restock = true) {
  return asUser<{ result: { status: string; refund_cents: number } }>(staff[index] as pg.Client, STAFF[index] ?? '', true, 'select public.record_return($1, $2::jsonb, $3) as result', [
    orderId,
    JSON.stringify(request.map(([order_item_id, quantity]) => ({ order_item_id, quantity }))),
    restock,
  ]);
}

async function stockOf(itemId: number): Promise<number> {
  const { rows } = await admin.query<{ stock: number }>('select stock from items where id = $1', [itemId]);
  return rows[0]?.stock ?? -1;
}

function refusalText(outcome: PromiseSettledResult<unknown>): string {
  return outcome.status === 'rejected' ? String((outcome.reason as Error).message) : '';
}

describe('on a real multi-connection PostgreSQL', () => {
  it(`four staff returning parts of the same order at once: only what is left comes back, ${ROUNDS} times`, async () => {
    const vase = await newItem('race-vase', 1000);
    const bowl = await newItem('race-bowl', 1000);
    const tally = { recorded: 0, refused: 0, returned: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const order = await deliveredOrder([
        [vase, 3],
        [bowl, 2],
      ]);
      const v = order.lines.get(vase) ?? 0;
      const b = order.lines.get(bowl) ?? 0;
      const requests: Request[] = [
        [[v, 2]],
        [
          [v, 2],
          [b, 1],
        ],
        [[b, 2]],
        [
          [b, 1],
          [v, 1],
        ],
      ];
      const stockBefore = [await stockOf(vase), await stockOf(bowl)];
      const outcomes = await Promise.allSettled(requests.map((request, index) => recordReturn(index, order.id, request)));

      // What succeeded is exactly what the lines say came back, never more than was sold.
      const expected = new Map([
        [v, 0],
        [b, 0],
      ]);
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') {
          tally.recorded++;
          for (const [lineId, quantity] of requests[index] ?? []) expected.set(lineId, (expected.get(lineId) ?? 0) + quantity);
        } else {
          tally.refused++;
          expect(refusalText(outcome)).toMatch(/can still be returned|has already been returned|only a delivered order can be returned/);
        }
      });
      expect(tally.recorded).toBeGreaterThan(0);
      const { rows } = await admin.query<{ id: number; quantity: number; returned_quantity: number }>(
        'select id::int, quantity, returned_quantity from order_items where order_id = $1 order by id',
        [order.id],
      );
      for (const row of rows) {
        expect(row.returned_quantity).toBeLessThanOrEqual(row.quantity);
        expect(row.returned_quantity).toBe(expected.get(row.id));
      }
      const vasesBack = expected.get(v) ?? 0;
      const bowlsBack = expected.get(b) ?? 0;
      tally.returned += vasesBack + bowlsBack;
      expect([await stockOf(vase), await stockOf(bowl)]).toEqual([(stockBefore[0] ?? 0) + vasesBack, (stockBefore[1] ?? 0) + bowlsBack]);
      const { rows: status } = await admin.query<{ status: string; returns: number }>(
        'select status, (select count(*)::int from order_returns r where r.order_id = o.id) as returns from orders o where id = $1',
        [order.id],
      );
      expect(status[0]).toEqual({
        status: vasesBack === 3 && bowlsBack === 2 ? 'returned' : 'delivered',
        returns: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
      });
    }
    console.info(`race: ${ROUNDS} rounds × 4 staff returning from one order → ${tally.recorded} returns recorded (${tally.returned} units), ${tally.refused} refused`);
  }, 120_000);

  it(`returns racing with purchases and stock adjustments of the same item: stock never below 0 and always accounted for, ${ROUNDS} times`, async () => {
    const lamp = await newItem('race-lamp', 200, 0);
    // Delivered orders to return from: two lamps each.
    const delivered = [];
    for (let index = 0; index < ROUNDS * 2; index++) delivered.push(await deliveredOrder([[lamp, 2]]));
    await admin.query('update items set stock = 2 where id = $1', [lamp]);
    const tally = { sold: 0, short: 0, returned: 0, adjusted: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Something on the shelf (a cart cannot take what is out of stock), less than the four buyers want.
      await admin.query('update items set stock = 2 where id = $1 and stock < 2', [lamp]);
      await admin.query('delete from cart_items');
      await admin.query(`insert into cart_items (user_id, item_id, quantity) select u, $2, 1 from unnest($1::uuid[]) u`, [BUYERS, lamp]);
      const before = await stockOf(lamp);
      const lastOrder = (await admin.query<{ last: number }>('select coalesce(max(id), 0)::int as last from orders')).rows[0]?.last ?? 0;
      const returning = [delivered[round * 2], delivered[round * 2 + 1]];
      const work: Promise<unknown>[] = [
        ...buyers.map((client, index) => placeOrder(client, BUYERS[index] ?? '')),
        ...returning.map((order, index) => recordReturn(index, order?.id ?? 0, [[order?.lines.get(lamp) ?? 0, index + 1]], true)),
        asUser(staff[2] as pg.Client, STAFF[2] ?? '', true, `select public.adjust_stock($1, 1, 'restock')`, [lamp]),
        asUser(staff[3] as pg.Client, STAFF[3] ?? '', true, `select public.adjust_stock($1, -2, 'damage')`, [lamp]),
      ];
      const outcomes = await Promise.allSettled(work);

      for (const outcome of outcomes.slice(0, 4)) expect(outcome.status, refusalText(outcome)).toBe('fulfilled');
      const placed = outcomes.slice(0, 4).filter((outcome) => outcome.status === 'fulfilled' && (outcome.value as PlaceResult).status === 'placed').length;
      tally.sold += placed;
      tally.short += 4 - placed;
      const returned = outcomes.slice(4, 6).reduce((sum, outcome, index) => sum + (outcome.status === 'fulfilled' ? index + 1 : 0), 0);
      tally.returned += returned;
      for (const outcome of outcomes.slice(4, 6)) expect(outcome.status, refusalText(outcome)).toBe('fulfilled');
      const [restock, damage] = outcomes.slice(6);
      expect(restock?.status, restock && refusalText(restock)).toBe('fulfilled');
      // Taking two away is refused only when fewer than two were there at that moment.
      if (damage?.status === 'rejected') {
        expect(refusalText(damage)).toMatch(/^Only [01] in stock: cannot take away 2\.$/);
        tally.refused++;
      }
      const adjusted = 1 - (damage?.status === 'fulfilled' ? 2 : 0);
      tally.adjusted += adjusted;

      const { rows } = await admin.query<{ sold: number }>(
        'select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi where oi.order_id > $1 and oi.item_id = $2',
        [lastOrder, lamp],
      );
      expect(rows[0]?.sold).toBe(placed);
      const after = await stockOf(lamp);
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBe(before - placed + returned + adjusted);
    }
    const { rows } = await admin.query<{ reason: string; delta: number }>(
      `select reason, sum(delta)::int as delta from stock_movements where item_id = $1 and reason in ('return', 'restock', 'damage') group by reason order by reason`,
      [lamp],
    );
    expect(Object.fromEntries(rows.map((row) => [row.reason, row.delta]))).toEqual({
      damage: -2 * (ROUNDS - tally.refused),
      restock: ROUNDS,
      return: tally.returned,
    });
    console.info(
      `race: ${ROUNDS} rounds of 4 purchases, 2 returns, a restock and damage on one lamp → ${tally.sold} sold, ${tally.short} told stock changed, ${tally.returned} returned, ${tally.refused} damage refused`,
    );
  }, 120_000);

  it(`purchases crossing the low-stock threshold together raise exactly one alert, ${ROUNDS} times`, async () => {
    const shade = await newItem('race-shade', 7, 5);
    for (let round = 0; round < ROUNDS; round++) {
      // Back above the threshold (no alert going up), four buyers wanting one each at once.
      await admin.query('update items set stock = 7 where id = $1', [shade]);
      await admin.query('delete from cart_items');
      await admin.query(`insert into cart_items (user_id, item_id, quantity) select u, $2, 1 from unnest($1::uuid[]) u`, [BUYERS, shade]);
      const lastAlert = (await admin.query<{ last: number }>('select coalesce(max(id), 0)::int as last from private.stock_alerts')).rows[0]?.last ?? 0;
      const results = await Promise.all(buyers.map((client, index) => placeOrder(client, BUYERS[index] ?? '')));
      expect(results.map((result) => result.status)).toEqual(['placed', 'placed', 'placed', 'placed']);
      expect(await stockOf(shade)).toBe(3);
      const { rows } = await admin.query<{ stock: number; threshold: number }>('select stock, threshold from private.stock_alerts where item_id = $1 and id > $2', [shade, lastAlert]);
      // The one purchase that took it from 6 to 5.
      expect(rows).toEqual([{ stock: 5, threshold: 5 }]);
    }
  }, 120_000);

  it('after every race, each item’s stock is the sum of its movements, and what came back is what the returns say', async () => {
    const mismatches = await admin.query(`
      select i.slug, i.stock, coalesce(sum(m.delta), 0)::int as ledger
      from items i left join stock_movements m on m.item_id = i.id
      group by i.id having i.stock <> coalesce(sum(m.delta), 0)`);
    expect(mismatches.rows).toEqual([]);
    const { rows } = await admin.query<{ over: number; unmatched: number; moved: number; restocked: number; anonymous: number }>(`
      select
        (select count(*)::int from order_items where returned_quantity > quantity) as over,
        (select count(*)::int from order_items oi
         where oi.returned_quantity <> coalesce((select sum((l ->> 'quantity')::int) from order_returns r cross join jsonb_array_elements(r.lines) l
                                                  where r.order_id = oi.order_id and (l ->> 'order_item_id')::bigint = oi.id), 0)) as unmatched,
        (select coalesce(sum(delta), 0)::int from stock_movements where reason = 'return') as moved,
        (select coalesce(sum((l ->> 'quantity')::int), 0)::int from order_returns r cross join jsonb_array_elements(r.lines) l where r.restock) as restocked,
        (select count(*)::int from stock_movements where reason = 'return' and order_id is null) as anonymous`);
    expect(rows[0]).toMatchObject({ over: 0, unmatched: 0, anonymous: 0 });
    expect(rows[0]?.moved).toBe(rows[0]?.restocked);
    expect(rows[0]?.moved).toBeGreaterThan(0);
  });
});
