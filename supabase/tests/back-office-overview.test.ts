import type { Database, DatabaseTransaction } from '../../server/index.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, VISITOR, addItems, addPeople, call, claimsOf, openBackOfficeDatabase, recordReturn, refusal } from './back-office-fixtures.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

// The admin's first page (store_overview, …_back_office.sql) against figures worked out by hand on
// a fixed data set: orders placed (as the table owner, with the moments chosen) on the shop's days
// around today's and the 7- and 30-day periods' boundaries in Europe/Dublin, cancelled ones,
// returns on chosen days, best sellers net of returns, and variants with their own low-stock
// thresholds. Then the shop's time zone moves "today".
//
// The moments are shop-local times on days counted back from the shop's today (the database's
// clock, read once), turned into instants with `at time zone`: so 00:10 today and 23:30 yesterday
// are the shop's midnight apart whatever the date, DST included.

const ZONE = 'Europe/Dublin';
const STAFF: Person = { id: '00000000-0000-4000-8000-0000000002a1', email: 'staff@example.test', name: 'Sam Staff', staff: true };
const BUYER: Person = { id: '00000000-0000-4000-8000-0000000002b1', email: 'buyer@example.test', name: 'Bea Buyer' };

/** What the best sellers sell at (cents). */
const PRICES: Record<string, [title: string, cents: number]> = {
  'oak-lamp': ['Oak lamp', 4900],
  'linen-shade': ['Linen shade', 1900],
  'glass-vase': ['Glass vase', 2501],
  'wool-rug': ['Wool rug', 12000],
  'desk-lamp': ['Desk lamp', 3000],
  'brass-bowl': ['Brass bowl', 1500],
  'tea-towel': ['Tea towel', 800],
  'old-print': ['Old print', 1000],
};

type Status = 'placed' | 'confirmed' | 'packed' | 'shipped' | 'delivered' | 'returned' | 'cancelled';

interface FixedOrder {
  name: string;
  /** Shop days before today, and the shop-local time. */
  daysAgo: number;
  time: string;
  status: Status;
  /** [slug, quantity, returned quantity] */
  lines: [string, number, number][];
}

// The data set. Totals: O1 9800, O2 4401, O3 2400, O4 18000, O5 10900, O6 3800, O7 12505, O8 10000,
// O9 4900, O10 3000, O11 1500.
const ORDERS: FixedOrder[] = [
  { name: 'O1', daysAgo: 0, time: '00:10', status: 'placed', lines: [['oak-lamp', 2, 0]] },
  { name: 'O2', daysAgo: 0, time: '09:00', status: 'confirmed', lines: [['linen-shade', 1, 0], ['glass-vase', 1, 0]] },
  { name: 'O3', daysAgo: 0, time: '00:30', status: 'cancelled', lines: [['tea-towel', 3, 0]] },
  // The last half hour of yesterday: in the 7 days, not today. One desk lamp comes back today (record_return).
  { name: 'O4', daysAgo: 1, time: '23:30', status: 'delivered', lines: [['wool-rug', 1, 0], ['desk-lamp', 2, 0]] },
  { name: 'O5', daysAgo: 6, time: '12:00', status: 'shipped', lines: [['oak-lamp', 1, 0], ['brass-bowl', 4, 0]] },
  // The first moment of the 7 days.
  { name: 'O10', daysAgo: 6, time: '00:00', status: 'packed', lines: [['desk-lamp', 1, 0]] },
  // The last minute before them; all of it came back 6 days ago.
  { name: 'O6', daysAgo: 7, time: '23:59', status: 'returned', lines: [['linen-shade', 2, 2]] },
  { name: 'O9', daysAgo: 20, time: '15:00', status: 'cancelled', lines: [['oak-lamp', 1, 0]] },
  // The first minute of the 30 days; one vase came back 10 days ago.
  { name: 'O7', daysAgo: 29, time: '00:01', status: 'delivered', lines: [['glass-vase', 5, 1]] },
  // The last minute before them, with a return half a minute later.
  { name: 'O8', daysAgo: 30, time: '23:59', status: 'delivered', lines: [['old-print', 10, 2]] },
  { name: 'O11', daysAgo: 40, time: '10:00', status: 'placed', lines: [['brass-bowl', 1, 0]] },
];

/** Returns recorded on chosen days (as the table owner): [order, shop days ago, local time]. */
const PAST_RETURNS: [string, number, string][] = [
  ['O6', 6, '08:00'],
  ['O7', 10, '12:00'],
  ['O8', 30, '23:59:30'],
];

/** Variants and their own thresholds: [slug, stock, threshold, how it is sold]. */
const LOW_STOCK: [string, number, number, 'on sale' | 'draft' | 'archived'][] = [
  ['low-a', 0, 5, 'on sale'],
  ['low-b', 3, 2, 'on sale'], // above its own threshold
  ['low-c', 4, 10, 'on sale'], // under its own, higher threshold
  ['low-d', 5, 5, 'on sale'], // at it: low
  ['low-e', 6, 5, 'on sale'],
  ['low-f', 0, 0, 'on sale'],
  ['low-g', 1, 5, 'draft'],
  ['low-h', 1, 5, 'archived'],
  ['low-i', 1, 5, 'on sale'],
  ['low-j', 1, 5, 'on sale'],
  ['low-k', 2, 5, 'on sale'],
  ['low-l', 2, 5, 'on sale'],
  ['low-m', 3, 5, 'on sale'],
  ['low-n', 4, 5, 'on sale'],
  ['low-o', 4, 5, 'on sale'],
  ['low-p', 9, 9, 'on sale'],
];

let db: Database;
let backend: TestBackend;
let ids: Record<string, number>;
const orderIds: Record<string, number> = {};
let today: string;

function id(slug: string): number {
  const found = ids[slug];
  if (found === undefined) throw new Error(`no item ${slug}`);
  return found;
}

/** The instant of shop-local `time` on the shop day `daysAgo` before today, as SQL text. */
const LOCAL_INSTANT = `((($1::date - $2::int) + $3::time)::timestamp at time zone $4)`;

/** Inserts an order as the table owner at the chosen moment, its lines and what came back of them. */
async function insertOrder(session: Database | DatabaseTransaction, order: FixedOrder, day: string, zone: string): Promise<number> {
  const total = order.lines.reduce((sum, [slug, quantity]) => sum + quantity * (PRICES[slug]?.[1] ?? 0), 0);
  const count = order.lines.reduce((sum, [, quantity]) => sum + quantity, 0);
  const { rows } = await session.query<{ id: number }>(
    `insert into orders (user_id, status, total_cents, item_count, delivery, created_at, confirmed_at, cancelled_at, returned_at)
     select $5, $6, $7, $8, $9::jsonb, at, case when $6 <> 'placed' then at end, case when $6 = 'cancelled' then at end,
            case when $6 = 'returned' then at end
     from (select ${LOCAL_INSTANT} as at) moment
     returning id::int`,
    [day, order.daysAgo, order.time, zone, BUYER.id, order.status, total, count, TEST_DELIVERY_JSON],
  );
  const orderId = rows[0]?.id ?? 0;
  for (const [slug, quantity, returned] of order.lines) {
    const [title, cents] = PRICES[slug] ?? ['?', 0];
    await session.query(
      `insert into order_items (order_id, item_id, title, unit_price_cents, quantity, returned_quantity) values ($1, (select id from items where slug = $2), $3, $4, $5, $6)`,
      [orderId, slug, title, cents, quantity, returned],
    );
  }
  return orderId;
}

async function overview(): Promise<Overview> {
  return call<Overview>(db, claimsOf(STAFF), 'public.store_overview()');
}

interface Period {
  from_date: string;
  to_date: string;
  orders: number;
  order_value_cents: number;
  average_order_cents: number | null;
  items_sold: number;
  cancelled: number;
  returned_cents: number;
}

interface Overview {
  time_zone: string;
  today: string;
  currency: string;
  periods: { today: Period; days_7: Period; days_30: Period };
  open_orders: Record<'placed' | 'confirmed' | 'packed' | 'shipped', number>;
  best_sellers: { item_id: number; product_id: number; title: string; quantity: number; revenue_cents: number }[];
  low_stock_count: number;
  low_stock: { item_id: number; product_id: number; title: string; stock: number; threshold: number }[];
}

async function productOf(itemId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('select product_id::int as id from items where id = $1', [itemId]);
  return rows[0]?.id ?? 0;
}

/** The shop's date `days` before `day`, as the database counts. */
async function daysBefore(day: string, days: number): Promise<string> {
  const { rows } = await db.query<{ day: string }>(`select to_char($1::date - $2::int, 'YYYY-MM-DD') as day`, [day, days]);
  return rows[0]?.day ?? '';
}

beforeAll(async () => {
  ({ db, backend } = await openBackOfficeDatabase());
  await addPeople(db, [STAFF, BUYER]);
  ids = await addItems(db, [
    ...Object.entries(PRICES).map(([slug, [title, cents]]) => ({ slug, title, price_cents: cents, stock: 100 })),
    ...LOW_STOCK.map(([slug, stock, threshold]) => ({ slug, title: `Variant ${slug.slice(4).toUpperCase()}`, price_cents: 1000, stock, low_stock_threshold: threshold })),
  ]);
  // Not on sale: a draft product's variant, an archived variant.
  await db.query(`insert into products (slug, title, category_id) select 'draft-product', 'Draft product', category_id from items where id = $1`, [id('low-g')]);
  await db.query(`update items set product_id = (select id from products where slug = 'draft-product') where id = $1`, [id('low-g')]);
  await db.query('update items set archived_at = now() where id = $1', [id('low-h')]);

  const { rows } = await db.query<{ today: string }>(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today`, [ZONE]);
  today = rows[0]?.today ?? '';
  for (const order of ORDERS) orderIds[order.name] = await insertOrder(db, order, today, ZONE);
  for (const [name, daysAgo, time] of PAST_RETURNS) {
    await db.query(
      `insert into order_returns (order_id, created_at, restock, refund_cents, lines)
       select oi.order_id, ${LOCAL_INSTANT}, true, sum(oi.returned_quantity * oi.unit_price_cents),
              jsonb_agg(jsonb_build_object('order_item_id', oi.id, 'item_id', oi.item_id, 'title', oi.title, 'quantity', oi.returned_quantity, 'unit_price_cents', oi.unit_price_cents))
       from order_items oi where oi.order_id = $5 and oi.returned_quantity > 0 group by oi.order_id`,
      [today, daysAgo, time, ZONE, orderIds[name]],
    );
  }
  // Today, through the function staff use: one of O4's two desk lamps.
  const { rows: lines } = await db.query<{ id: number }>(`select oi.id::int from order_items oi join items i on i.id = oi.item_id where oi.order_id = $1 and i.slug = 'desk-lamp'`, [
    orderIds.O4,
  ]);
  await recordReturn(db, STAFF, orderIds.O4 ?? 0, [[lines[0]?.id ?? 0, 1]]);
});

afterAll(async () => {
  await backend?.close();
});

describe('store_overview', () => {
  it('counts each period’s orders, value, average, items, cancellations and returns as worked out by hand', async () => {
    const figures = await overview();
    // (If this fails, the test ran across the shop's midnight: run it again.)
    expect(figures.today).toBe(today);
    expect(figures.time_zone).toBe(ZONE);
    expect(figures.currency).toBe('EUR');
    expect(figures.periods).toEqual({
      // O1 and O2 (O3 was cancelled); 14201 / 2 = 7100.5 rounds to 7101; O4's desk lamp came back today.
      today: {
        from_date: today,
        to_date: today,
        orders: 2,
        order_value_cents: 14201,
        average_order_cents: 7101,
        items_sold: 4,
        cancelled: 1,
        returned_cents: 3000,
      },
      // Also O4 (23:30 yesterday), O5 and O10 (6 days ago, O10 at midnight); not O6 (23:59 seven days ago).
      // 46101 / 5 = 9220.2; returns: today's 3000 and O6's 3800 six days ago.
      days_7: {
        from_date: await daysBefore(today, 6),
        to_date: today,
        orders: 5,
        order_value_cents: 46101,
        average_order_cents: 9220,
        items_sold: 13,
        cancelled: 1,
        returned_cents: 6800,
      },
      // Also O6 (returned, still an order placed) and O7 (00:01, 29 days ago); O9 cancelled; not O8
      // (23:59, 30 days ago) nor its return. 62406 / 7 = 8915.14; returns 3000 + 3800 + 2501.
      days_30: {
        from_date: await daysBefore(today, 29),
        to_date: today,
        orders: 7,
        order_value_cents: 62406,
        average_order_cents: 8915,
        items_sold: 20,
        cancelled: 2,
        returned_cents: 9301,
      },
    });
  });

  it('ranks the 30 days’ best sellers by quantity kept (net of returns), then revenue; five of them', async () => {
    const best = (await overview()).best_sellers;
    // Glass vase 1 + (5 − 1); brass bowl 4; oak lamp 2 + 1 (not cancelled O9's); desk lamp (2 − 1) + 1;
    // wool rug 1 at 12000 before linen shade 1 + (2 − 2) at 1900, which is sixth. Not the tea towel
    // (cancelled) nor the old print (sold 30 days ago).
    expect(best).toEqual([
      { item_id: id('glass-vase'), product_id: await productOf(id('glass-vase')), title: 'Glass vase', quantity: 5, revenue_cents: 12505 },
      { item_id: id('brass-bowl'), product_id: await productOf(id('brass-bowl')), title: 'Brass bowl', quantity: 4, revenue_cents: 6000 },
      { item_id: id('oak-lamp'), product_id: await productOf(id('oak-lamp')), title: 'Oak lamp', quantity: 3, revenue_cents: 14700 },
      { item_id: id('desk-lamp'), product_id: await productOf(id('desk-lamp')), title: 'Desk lamp', quantity: 2, revenue_cents: 6000 },
      { item_id: id('wool-rug'), product_id: await productOf(id('wool-rug')), title: 'Wool rug', quantity: 1, revenue_cents: 12000 },
    ]);
  });

  it('lists the variants on sale at or under their own threshold, lowest first (ten), and counts them all', async () => {
    const figures = await overview();
    // Low: a 0, f 0/0, i 1, j 1, k 2, l 2, m 3, c 4/10, n 4, o 4 — then d 5/5 and p 9/9, counted only.
    // Not b (3 over 2), e (6 over 5), the draft g or the archived h.
    expect(figures.low_stock_count).toBe(12);
    const expected: [string, number, number][] = [
      ['low-a', 0, 5],
      ['low-f', 0, 0],
      ['low-i', 1, 5],
      ['low-j', 1, 5],
      ['low-k', 2, 5],
      ['low-l', 2, 5],
      ['low-m', 3, 5],
      ['low-c', 4, 10],
      ['low-n', 4, 5],
      ['low-o', 4, 5],
    ];
    expect(figures.low_stock).toEqual(
      await Promise.all(
        expected.map(async ([slug, stock, threshold]) => ({
          item_id: id(slug),
          product_id: await productOf(id(slug)),
          title: `Variant ${slug.slice(4).toUpperCase()}`,
          stock,
          threshold,
        })),
      ),
    );
  });

  it('counts the open orders by status, however old', async () => {
    // Placed: O1 and O11 (40 days ago); confirmed O2; packed O10; shipped O5.
    expect((await overview()).open_orders).toEqual({ placed: 2, confirmed: 1, packed: 1, shipped: 1 });
  });

  it('has zeros, no average and no best sellers for a shop without orders', async () => {
    let figures: Overview | undefined;
    await db.transaction(async (tx) => {
      await tx.query('delete from orders');
      await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ ...claimsOf(STAFF), role: 'authenticated' }),
      ]);
      figures = (await tx.query<{ figures: Overview }>('select public.store_overview() as figures')).rows[0]?.figures;
      await tx.rollback();
    });
    const empty = { orders: 0, order_value_cents: 0, average_order_cents: null, items_sold: 0, cancelled: 0, returned_cents: 0 };
    expect(figures).toMatchObject({
      currency: 'EUR',
      periods: { today: empty, days_7: empty, days_30: empty },
      open_orders: { placed: 0, confirmed: 0, packed: 0, shipped: 0 },
      best_sellers: [],
      low_stock_count: 12,
    });
  });

  it('is for staff only', async () => {
    const customer = claimsOf(BUYER);
    expect(await refusal(db, customer, 'select public.store_overview()')).toEqual({ code: '42501', message: 'Only staff can see the overview.' });
    expect(await refusal(db, { ...customer, is_anonymous: true }, 'select public.store_overview()')).toMatchObject({ code: '42501' });
    expect(await refusal(db, VISITOR, 'select public.store_overview()')).toEqual({ code: '42501', message: 'permission denied for function store_overview' });
  });
});

describe('the shop’s time zone', () => {
  /**
   * In a transaction rolled back at the end: the shop in `zone` with only two orders, at 23:55 on its
   * yesterday and 00:05 on its today (local), and the overview staff then get.
   */
  async function overviewIn(zone: string): Promise<{ figures: Overview; zoneToday: string }> {
    let outcome: { figures: Overview; zoneToday: string } | undefined;
    await db.transaction(async (tx) => {
      await tx.query('delete from orders');
      await tx.query('update store_profile set time_zone = $1', [zone]);
      const { rows } = await tx.query<{ today: string }>(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as today`, [zone]);
      const zoneToday = rows[0]?.today ?? '';
      for (const order of [
        { name: 'late', daysAgo: 1, time: '23:55', status: 'placed' as const, lines: [['oak-lamp', 1, 0]] as [string, number, number][] },
        { name: 'early', daysAgo: 0, time: '00:05', status: 'placed' as const, lines: [['desk-lamp', 1, 0]] as [string, number, number][] },
      ]) {
        await insertOrder(tx, order, zoneToday, zone);
      }
      await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ ...claimsOf(STAFF), role: 'authenticated' }),
      ]);
      const [row] = (await tx.query<{ figures: Overview }>('select public.store_overview() as figures')).rows;
      if (row) outcome = { figures: row.figures, zoneToday };
      await tx.rollback();
    });
    if (!outcome) throw new Error(`no overview in ${zone}`);
    return outcome;
  }

  it('decides where today starts: the order five minutes into the shop’s day is today’s, the one five minutes before is not', async () => {
    for (const zone of ['Europe/Dublin', 'America/New_York', 'Pacific/Auckland']) {
      const { figures, zoneToday } = await overviewIn(zone);
      expect(figures.time_zone, zone).toBe(zone);
      expect(figures.today, zone).toBe(zoneToday);
      expect([figures.periods.today.orders, figures.periods.today.order_value_cents, figures.periods.days_7.orders], zone).toEqual([1, 3000, 2]);
    }
  });

  it('moves today with the zone: on Kiritimati (UTC+14) it is always a later day than in Pago Pago (UTC−11)', async () => {
    const east = (await overviewIn('Pacific/Kiritimati')).figures;
    const west = (await overviewIn('Pacific/Pago_Pago')).figures;
    expect(east.today > west.today).toBe(true);
    expect(east.periods.days_7.from_date > west.periods.days_7.from_date).toBe(true);
    // Rolled back: the shop is in Dublin again, with its orders.
    expect((await overview()).periods.today.orders).toBe(2);
  });

  it('must be a time zone the database knows', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'Europe/Dublinn', '', 'Europe/Dublin'.padEnd(65, 'x')]) {
      const refused = await refusal(db, { role: 'service_role' }, 'update store_profile set time_zone = $1', [zone]);
      expect(refused, zone).toMatchObject({ code: '23514' });
    }
    const { rows } = await db.query('select time_zone from store_profile');
    expect(rows).toEqual([{ time_zone: ZONE }]);
  });
});
