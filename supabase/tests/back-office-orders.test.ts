import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../server/index.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Claims,
  type Person,
  type PlacedOrder,
  VISITOR,
  addItems,
  addPeople,
  advance,
  as,
  call,
  claimsOf,
  openBackOfficeDatabase,
  placeOrder,
  recordReturn,
  refusal,
} from './back-office-fixtures.ts';
import { TEST_DELIVERY } from './test-delivery.ts';

// Staff's orders (…_back_office.sql): shipping with a carrier and tracking number, the search over
// every order, one order's history and customer, a customer's figures, the export (the CSV too,
// through the API), and what the receipt's link shows of shipping and returns. On PGlite, or
// PostgreSQL with LUMEN_TEST_DB=postgres. Orders placed on chosen days (2025, as the table owner,
// with explicit offsets: Dublin is UTC+1 in July, UTC+0 in November) for search and export; orders
// moved along the real way (place_order, staff functions) for history.

const STAFF: Person = { id: '00000000-0000-4000-8000-0000000004a1', email: 'staff@example.test', name: 'Sam Staff', staff: true };
const OPS: Person = { id: '00000000-0000-4000-8000-0000000004a2', email: 'ops@example.test', name: null, staff: true };
const ADA: Person = { id: '00000000-0000-4000-8000-0000000004b1', email: 'ada.lovelace@example.test', name: 'Ada Lovelace' };
const BOB: Person = { id: '00000000-0000-4000-8000-0000000004b2', email: 'bob.stone@example.test', name: null };
const GRACE: Person = { id: '00000000-0000-4000-8000-0000000004b3', email: '', name: null, guest: true };
const MALLORY: Person = { id: '00000000-0000-4000-8000-0000000004b4', email: 'mallory@example.test', name: null };
const LINEN: Person = { id: '00000000-0000-4000-8000-0000000004b5', email: 'linen_lace@example.test', name: null };
const CARL: Person = { id: '00000000-0000-4000-8000-0000000004b6', email: 'carl@example.test', name: 'Carl Gauss' };
const DORA: Person = { id: '00000000-0000-4000-8000-0000000004b7', email: 'dora@example.test', name: 'Dora Maar' };
const EVE: Person = { id: '00000000-0000-4000-8000-0000000004b8', email: 'eve@example.test', name: 'Eve Many' };
const HYPERLINK = '=HYPERLINK("https://evil.example","Click")';

/** OPS acts with a token that carries no e-mail: history names them from their account. */
const OPS_WITHOUT_EMAIL: Claims = { sub: OPS.id, user_role: 'staff', is_anonymous: false };

interface FixedOrder {
  key: string;
  customer: Person;
  at: string;
  status: string;
  /** Delivery name, where not the profile's. */
  deliveryName?: string;
  contactEmail?: string;
  /** [slug, quantity, returned] */
  lines: [string, number, number][];
  carrier?: [code: string, number: string, url: string];
  /** When what came back was recorded. */
  returnedAt?: string;
}

const PRICES: Record<string, [string, number]> = {
  'oak-lamp': ['Oak lamp', 4900],
  'linen-shade': ['Linen shade', 1900],
  'glass-vase': ['Glass vase', 2500],
  'brass-bowl': ['Brass bowl', 1500],
};

// Ada's five orders, and one each of four other customers, in 2025.
const FIXED: FixedOrder[] = [
  { key: 'A1', customer: ADA, at: '2025-06-30 23:45:00+01', status: 'delivered', lines: [['oak-lamp', 1, 0]] },
  // 22:30 UTC on 30 June, but 1 July in the shop.
  { key: 'A2', customer: ADA, at: '2025-07-01 00:30:00+01', status: 'cancelled', lines: [['linen-shade', 1, 0]] },
  {
    key: 'B1',
    customer: BOB,
    deliveryName: 'Robert Stone',
    at: '2025-07-02 12:00:00+01',
    status: 'shipped',
    lines: [['oak-lamp', 2, 0]],
    carrier: ['dpd', '1Z999AA1', 'https://www.dpd.ie/tracking?parcelNumber=1Z999AA1'],
  },
  { key: 'G1', customer: GRACE, deliveryName: 'Grace Hopper', contactEmail: 'grace.hopper@example.test', at: '2025-07-03 08:00:00+01', status: 'placed', lines: [['glass-vase', 1, 0]] },
  { key: 'M1', customer: MALLORY, deliveryName: HYPERLINK, at: '2025-07-04 10:00:00+01', status: 'confirmed', lines: [['brass-bowl', 1, 0]] },
  {
    key: 'L1',
    customer: LINEN,
    deliveryName: 'Linen % Lace',
    at: '2025-07-05 10:00:00+01',
    status: 'returned',
    lines: [['brass-bowl', 2, 2]],
    returnedAt: '2025-07-20 10:00:00+01',
  },
  { key: 'A3', customer: ADA, at: '2025-11-20 23:30:00+00', status: 'delivered', lines: [['oak-lamp', 2, 1]], returnedAt: '2025-11-25 10:00:00+00' },
  { key: 'A4', customer: ADA, at: '2025-11-21 00:10:00+00', status: 'packed', lines: [['linen-shade', 1, 0]] },
  { key: 'A5', customer: ADA, at: '2025-11-22 09:00:00+00', status: 'placed', lines: [['glass-vase', 1, 0]] },
];
const IN_2025 = { from_date: '2025-01-01', to_date: '2025-12-31' };

let db: Database;
let backend: TestBackend;
let items: Record<string, number>;
const fixed: Record<string, { id: number; reference: string; created_at: string }> = {};
/** Carl's earlier order, and the one that went the whole way: shipped, delivered, returned in two parts. */
let carlFirst: PlacedOrder;
let journey: PlacedOrder;
let journeyReturns: number[];
/** Eve's twelve orders (2026), oldest first. */
let eveOrders: number[];

function fixedId(key: string): number {
  const found = fixed[key]?.id;
  if (found === undefined) throw new Error(`no order ${key}`);
  return found;
}

function item(slug: string): number {
  const found = items[slug];
  if (found === undefined) throw new Error(`no item ${slug}`);
  return found;
}

async function insertFixed(order: FixedOrder): Promise<void> {
  const total = order.lines.reduce((sum, [slug, quantity]) => sum + quantity * (PRICES[slug]?.[1] ?? 0), 0);
  const count = order.lines.reduce((sum, [, quantity]) => sum + quantity, 0);
  const delivery = { ...TEST_DELIVERY, full_name: order.deliveryName ?? order.customer.name };
  const [carrier, number, url] = order.carrier ?? [null, null, null];
  const { rows } = await db.query<{ id: number; reference: string; created_at: string }>(
    `insert into orders (user_id, status, total_cents, item_count, delivery, contact_email, created_at, carrier, tracking_number, tracking_url, returned_at)
     values ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8, $9, $10, case when $2 = 'returned' then $11::timestamptz end)
     returning id::int, reference, to_jsonb(created_at) #>> '{}' as created_at`,
    [order.customer.id, order.status, total, count, JSON.stringify(delivery), order.contactEmail ?? null, order.at, carrier, number, url, order.returnedAt ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error(`order ${order.key} not inserted`);
  fixed[order.key] = row;
  for (const [slug, quantity, returned] of order.lines) {
    const [title, cents] = PRICES[slug] ?? ['?', 0];
    await db.query(
      'insert into order_items (order_id, item_id, title, unit_price_cents, quantity, returned_quantity) values ($1, $2, $3, $4, $5, $6)',
      [row.id, item(slug), title, cents, quantity, returned],
    );
  }
  if (order.returnedAt) {
    await db.query(
      `insert into order_returns (order_id, created_at, restock, refund_cents, lines)
       select oi.order_id, $2::timestamptz, true, sum(oi.returned_quantity * oi.unit_price_cents),
              jsonb_agg(jsonb_build_object('order_item_id', oi.id, 'item_id', oi.item_id, 'title', oi.title, 'quantity', oi.returned_quantity, 'unit_price_cents', oi.unit_price_cents))
       from order_items oi where oi.order_id = $1 and oi.returned_quantity > 0 group by oi.order_id`,
      [row.id, order.returnedAt],
    );
  }
}

interface Found {
  id: number;
  reference: string;
  status: string;
  created_at: string;
  total_cents: number;
  currency: string;
  item_count: number;
  refunded_cents: number;
  customer: { id: string; email: string; name: string; guest: boolean };
}

interface SearchResult {
  total: number;
  page: number;
  page_size: number;
  orders: Found[];
}

interface SearchArgs {
  query?: string;
  statuses?: string[] | null;
  from_date?: string | null;
  to_date?: string | null;
  customer?: string | null;
  page?: number | null;
  page_size?: number | null;
}

const SEARCH = 'public.search_orders(query => $1, statuses => $2, from_date => $3, to_date => $4, customer => $5, page => $6, page_size => $7)';

function searchParams(args: SearchArgs): unknown[] {
  return [
    args.query ?? '',
    args.statuses ?? null,
    args.from_date ?? null,
    args.to_date ?? null,
    args.customer ?? null,
    args.page === undefined ? 1 : args.page,
    args.page_size === undefined ? 25 : args.page_size,
  ];
}

async function search(args: SearchArgs): Promise<SearchResult> {
  return call<SearchResult>(db, claimsOf(STAFF), SEARCH, searchParams(args));
}

/** The fixed orders' keys a search found, in its order. */
async function found(args: SearchArgs): Promise<string[]> {
  const result = await search(args);
  const byId = new Map(Object.entries(fixed).map(([key, row]) => [row.id, key]));
  return result.orders.map((order) => byId.get(order.id) ?? `#${order.id}`);
}

beforeAll(async () => {
  ({ db, backend } = await openBackOfficeDatabase());
  await addPeople(db, [STAFF, OPS, ADA, BOB, GRACE, MALLORY, LINEN, CARL, DORA, EVE]);
  items = await addItems(db, Object.entries(PRICES).map(([slug, [title, cents]]) => ({ slug, title, price_cents: cents, stock: 500 })));
  for (const order of FIXED) await insertFixed(order);
  const { rows } = await db.query<{ id: number }>(
    `insert into orders (user_id, status, total_cents, item_count, created_at)
     select $1, 'placed', 1000 * n, 1, timestamptz '2026-02-01 12:00:00+00' + n * interval '1 day' from generate_series(1, 12) n
     returning id::int`,
    [EVE.id],
  );
  eveOrders = rows.map((row) => row.id);

  carlFirst = await placeOrder(db, CARL, [[item('glass-vase'), 1]]);
  journey = await placeOrder(db, CARL, [
    [item('oak-lamp'), 2],
    [item('linen-shade'), 1],
  ]);
  await advance(db, STAFF, journey.id, 'packed');
  await call(db, OPS_WITHOUT_EMAIL, `public.ship_order($1, 'dpd', 'jd0146 0000 3')`, [journey.id]);
  await call(db, claimsOf(STAFF), `public.set_order_status($1, 'delivered')`, [journey.id]);
  const shadeLine = journey.lines[item('linen-shade')] ?? 0;
  const lampLine = journey.lines[item('oak-lamp')] ?? 0;
  const first = await call<{ return_id: number }>(db, OPS_WITHOUT_EMAIL, 'public.record_return($1, $2::jsonb, false, $3)', [
    journey.id,
    JSON.stringify([{ order_item_id: shadeLine, quantity: 1 }]),
    'Torn',
  ]);
  const second = await recordReturn(db, STAFF, journey.id, [[lampLine, 2]]);
  journeyReturns = [first.return_id, second.return_id];
});

afterAll(async () => {
  await backend?.close();
});

describe('ship_order', () => {
  async function packedOrder(): Promise<number> {
    const order = await placeOrder(db, DORA, [[item('brass-bowl'), 1]]);
    await advance(db, STAFF, order.id, 'packed');
    return order.id;
  }

  async function shipping(orderId: number) {
    const { rows } = await db.query('select status, carrier, tracking_number, tracking_url, shipped_at is not null as stamped from orders where id = $1', [orderId]);
    return rows[0];
  }

  it('ships a packed order with its carrier and number (trimmed, upper-cased, spaces kept), linking the carrier’s page without spaces', async () => {
    const orderId = await packedOrder();
    const result = await call(db, claimsOf(STAFF), 'public.ship_order($1, $2, $3)', [orderId, 'dpd', '  1z 999\t aa1 ']);
    expect(result).toEqual({ order_id: orderId, status: 'shipped', carrier: 'dpd', tracking_number: '1Z 999 AA1' });
    expect(await shipping(orderId)).toEqual({
      status: 'shipped',
      carrier: 'dpd',
      tracking_number: '1Z 999 AA1',
      tracking_url: 'https://www.dpd.ie/tracking?parcelNumber=1Z999AA1',
      stamped: true,
    });
    const { rows } = await db.query(`select kind from private.order_notifications where order_id = $1 order by id`, [orderId]);
    expect(rows).toEqual([{ kind: 'receipt' }, { kind: 'shipped' }]);
  });

  it('keeps a number without a link for carriers with no tracking page, and needs no number', async () => {
    const van = await packedOrder();
    await call(db, claimsOf(STAFF), 'public.ship_order($1, $2, $3)', [van, 'own-delivery', 'van-7']);
    expect(await shipping(van)).toMatchObject({ carrier: 'own-delivery', tracking_number: 'VAN-7', tracking_url: null });
    for (const none of [null, '', '   ']) {
      const plain = await packedOrder();
      await call(db, claimsOf(STAFF), 'public.ship_order($1, $2, $3)', [plain, 'an-post', none]);
      expect(await shipping(plain), String(none)).toMatchObject({ carrier: 'an-post', tracking_number: null, tracking_url: null });
    }
    const templated = await packedOrder();
    await call(db, claimsOf(STAFF), 'public.ship_order($1, $2, $3)', [templated, 'royal-mail', 'ab 123 456 789 gb']);
    expect(await shipping(templated)).toMatchObject({ tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB' });
    // Without the details, as the board did before: still shipped.
    const bare = await packedOrder();
    await call(db, claimsOf(STAFF), `public.set_order_status($1, 'shipped')`, [bare]);
    expect(await shipping(bare)).toEqual({ status: 'shipped', carrier: null, tracking_number: null, tracking_url: null, stamped: true });
  });

  it('needs a known carrier and a tracking number of 3 to 40 letters, digits, spaces or dashes', async () => {
    const orderId = await packedOrder();
    const ship = (carrier: string | null, number: string | null) => refusal(db, claimsOf(STAFF), 'select public.ship_order($1, $2, $3)', [orderId, carrier, number]);
    for (const carrier of [null, '', 'pigeon', 'DPD']) {
      expect(await ship(carrier, '1Z999'), String(carrier)).toEqual({ code: '22023', message: 'Choose who carries the parcel.' });
    }
    for (const number of ['AB', ' ab ', 'A'.repeat(41), 'AB_123', '-AB123', 'AB123-', 'ÅB123', 'AB1.23', 'AB/123']) {
      expect(await ship('dhl', number), number).toEqual({ code: '22023', message: 'A tracking number is 3 to 40 letters, digits, spaces or dashes.' });
    }
    expect((await shipping(orderId))?.status).toBe('packed');
    await call(db, claimsOf(STAFF), 'public.ship_order($1, $2, $3)', [orderId, 'dhl', 'A'.repeat(40)]);
    expect(await shipping(orderId)).toMatchObject({ tracking_number: 'A'.repeat(40) });
    const short = await packedOrder();
    await call(db, claimsOf(STAFF), 'public.ship_order($1, $2, $3)', [short, 'gls', 'a-1']);
    expect(await shipping(short)).toMatchObject({ tracking_number: 'A-1', tracking_url: 'https://gls-group.com/track/A-1' });
  });

  it('ships only a packed order, and only for staff', async () => {
    const placed = await placeOrder(db, DORA, [[item('brass-bowl'), 1]]);
    const confirmed = await placeOrder(db, DORA, [[item('brass-bowl'), 1]]);
    await advance(db, STAFF, confirmed.id, 'confirmed');
    const shipped = await packedOrder();
    await call(db, claimsOf(STAFF), `public.ship_order($1, 'dpd')`, [shipped]);
    for (const [status, orderId] of [['placed', placed.id], ['confirmed', confirmed.id], ['shipped', shipped]] as const) {
      expect(await refusal(db, claimsOf(STAFF), `select public.ship_order($1, 'dpd', 'X123')`, [orderId]), status).toEqual({
        code: 'P0001',
        message: `Order ${orderId} is ${status}: it cannot become shipped.`,
        hint: 'Only a packed order is shipped.',
      });
    }
    expect(await refusal(db, claimsOf(STAFF), `select public.ship_order(2000000000, 'dpd')`)).toEqual({ code: 'P0001', message: 'Order 2000000000 was not found.' });
    const packed = await packedOrder();
    expect(await refusal(db, claimsOf(DORA), `select public.ship_order($1, 'dpd')`, [packed])).toEqual({ code: '42501', message: 'Only staff can move orders along.' });
    expect(await refusal(db, VISITOR, `select public.ship_order($1, 'dpd')`, [packed])).toEqual({ code: '42501', message: 'permission denied for function ship_order' });
    expect((await shipping(packed))?.status).toBe('packed');
  });
});

describe('search_orders', () => {
  it('finds an order by its number, with or without #, and by its reference in any case', async () => {
    const a3 = fixedId('A3');
    expect(await found({ query: `#${a3}` })).toEqual(['A3']);
    expect(await found({ query: ` ${a3} ` })).toEqual(['A3']);
    expect(await found({ query: '#2000000000' })).toEqual([]);
    const reference = fixed.B1?.reference ?? '';
    expect(await found({ query: ` ${reference.toLowerCase()} ` })).toEqual(['B1']);
  });

  it('finds by e-mail or name, any part and any case, the guest by the e-mail they gave; newest first', async () => {
    expect(await found({ query: 'LOVELACE@EXAMPLE' })).toEqual(['A5', 'A4', 'A3', 'A2', 'A1']);
    expect(await found({ query: 'Grace.Hopper' })).toEqual(['G1']);
    // Bob has no profile name: the delivery's stands in.
    expect(await found({ query: 'robert st' })).toEqual(['B1']);
    expect(await found({ query: 'lovelace', ...IN_2025 })).toEqual(['A5', 'A4', 'A3', 'A2', 'A1']);
    // Carl's name is his profile's.
    const carl = await search({ query: 'gAUSS' });
    expect(carl.orders.map((order) => order.id)).toEqual([journey.id, carlFirst.id]);
    expect(carl.total).toBe(2);
  });

  it('reads % and _ as themselves', async () => {
    expect(await found({ query: '%' })).toEqual(['L1']);
    expect(await found({ query: '_' })).toEqual(['L1']);
    expect(await found({ query: 'n % l' })).toEqual(['L1']);
    expect(await found({ query: 'a_l' })).toEqual([]);
    expect(await found({ query: '\\' })).toEqual([]);
  });

  it('describes each order with its customer and what was refunded', async () => {
    const result = await search({ query: '', ...IN_2025, statuses: ['shipped', 'placed', 'returned'] });
    expect(result.total).toBe(4);
    const [a5, l1, g1, b1] = result.orders;
    expect(result.orders.map((order) => order.id)).toEqual(['A5', 'L1', 'G1', 'B1'].map(fixedId));
    expect(b1).toEqual({
      id: fixedId('B1'),
      reference: fixed.B1?.reference,
      status: 'shipped',
      created_at: fixed.B1?.created_at,
      total_cents: 9800,
      currency: 'EUR',
      item_count: 2,
      refunded_cents: 0,
      customer: { id: BOB.id, email: BOB.email, name: 'Robert Stone', guest: false },
    });
    expect(g1?.customer).toEqual({ id: GRACE.id, email: 'grace.hopper@example.test', name: 'Grace Hopper', guest: true });
    expect(l1).toMatchObject({ status: 'returned', refunded_cents: 3000, customer: { name: 'Linen % Lace' } });
    expect(a5?.customer).toEqual({ id: ADA.id, email: ADA.email, name: 'Ada Lovelace', guest: false });
  });

  it('filters by statuses, by shop days (both included) and by customer', async () => {
    expect(await found({ statuses: ['delivered', 'returned'], ...IN_2025 })).toEqual(['A3', 'L1', 'A1']);
    expect(await found({ statuses: ['cancelled'], ...IN_2025 })).toEqual(['A2']);
    // A2 was placed at 23:30 UTC on 30 June: 1 July in Dublin.
    expect(await found({ from_date: '2025-07-01', to_date: '2025-07-01' })).toEqual(['A2']);
    expect(await found({ from_date: '2025-06-30', to_date: '2025-06-30' })).toEqual(['A1']);
    expect(await found({ from_date: '2025-06-30', to_date: '2025-07-02' })).toEqual(['B1', 'A2', 'A1']);
    expect(await found({ from_date: '2025-11-20', to_date: '2025-11-20' })).toEqual(['A3']);
    expect(await found({ to_date: '2025-06-30' })).toEqual(['A1']);
    expect(await found({ customer: ADA.id, from_date: '2025-11-21' })).toEqual(['A5', 'A4']);
    expect(await found({ customer: ADA.id, statuses: ['packed', 'placed'] })).toEqual(['A5', 'A4']);
    expect(await found({ customer: GRACE.id })).toEqual(['G1']);
    expect(await found({ customer: '00000000-0000-4000-8000-00000000ffff' })).toEqual([]);
  });

  it('pages newest first, with the total of all pages', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search({ customer: ADA.id, page, page_size: 2 })));
    expect(pages.map((result) => [result.total, result.page, result.page_size])).toEqual([
      [5, 1, 2],
      [5, 2, 2],
      [5, 3, 2],
      [5, 4, 2],
    ]);
    const byId = new Map(Object.entries(fixed).map(([key, row]) => [row.id, key]));
    expect(pages.map((result) => result.orders.map((order) => byId.get(order.id)))).toEqual([['A5', 'A4'], ['A3', 'A2'], ['A1'], []]);
    expect((await search({ customer: ADA.id, page_size: 100 })).orders).toHaveLength(5);
  });

  it('refuses what it cannot answer (22023), saying what is wrong', async () => {
    const refused = (args: SearchArgs) => refusal(db, claimsOf(STAFF), `select ${SEARCH}`, searchParams(args));
    expect(await refused({ page: 0 })).toEqual({ code: '22023', message: 'page must be between 1 and 10000' });
    expect(await refused({ page: 10001 })).toEqual({ code: '22023', message: 'page must be between 1 and 10000' });
    expect(await refused({ page: null })).toEqual({ code: '22023', message: 'page must be between 1 and 10000' });
    expect(await refused({ page_size: 0 })).toEqual({ code: '22023', message: 'page_size must be between 1 and 100' });
    expect(await refused({ page_size: 101 })).toEqual({ code: '22023', message: 'page_size must be between 1 and 100' });
    expect(await refused({ statuses: ['delivered', 'lost'] })).toEqual({
      code: '22023',
      message: 'unknown order status "lost"',
      hint: 'Use placed, confirmed, packed, shipped, delivered, returned or cancelled.',
    });
    // A long list is refused without being read back: the message stays short whatever was sent.
    expect(await refused({ statuses: Array.from({ length: 8 }, () => 'placed') })).toEqual({ code: '22023', message: 'name each of the 7 statuses at most once' });
    expect(await refused({ statuses: Array.from({ length: 100_000 }, () => 'lost') })).toEqual({ code: '22023', message: 'name each of the 7 statuses at most once' });
    expect(await refused({ from_date: '2025-07-02', to_date: '2025-07-01' })).toEqual({ code: '22023', message: 'the date range ends before it starts' });
    expect(await refused({ query: 'x'.repeat(201) })).toEqual({ code: '22023', message: 'the search text is longer than 200 characters' });
    expect(await search({ query: `  ${'x'.repeat(200)}  ` })).toEqual({ total: 0, page: 1, page_size: 25, orders: [] });
  });

  it('is for staff only', async () => {
    expect(await refusal(db, claimsOf(ADA), `select ${SEARCH}`, searchParams({}))).toEqual({ code: '42501', message: 'Only staff can search orders.' });
    expect(await refusal(db, VISITOR, `select ${SEARCH}`, searchParams({}))).toEqual({ code: '42501', message: 'permission denied for function search_orders' });
  });
});

interface HistoryEntry {
  at: string;
  seq: number;
  event: string;
  from_status: string | null;
  to_status: string | null;
  actor: { id: string; name: string | null; email: string } | null;
  details: Record<string, unknown> | null;
}

describe('admin_order', () => {
  async function adminOrder(orderId: number) {
    return call<Record<string, unknown> & { history: HistoryEntry[] } | null>(db, claimsOf(STAFF), 'public.admin_order($1)', [orderId]);
  }

  const staff = { id: STAFF.id, name: 'Sam Staff', email: STAFF.email };
  // Ops' tokens carried no e-mail: it comes from their account.
  const ops = { id: OPS.id, name: null, email: OPS.email };

  it('tells an order’s whole story, oldest first, with who did what: shipping details, returns before the status they caused', async () => {
    const order = await adminOrder(journey.id);
    const history = order?.history ?? [];
    expect(history.map(({ event, from_status, to_status, actor, details }) => ({ event, from_status, to_status, actor, details }))).toEqual([
      { event: 'placed', from_status: null, to_status: 'placed', actor: null, details: null },
      { event: 'confirmed', from_status: 'placed', to_status: 'confirmed', actor: null, details: null },
      { event: 'status', from_status: 'confirmed', to_status: 'packed', actor: staff, details: null },
      {
        event: 'status',
        from_status: 'packed',
        to_status: 'shipped',
        actor: ops,
        details: { carrier: 'DPD', tracking_number: 'JD0146 0000 3', tracking_url: 'https://www.dpd.ie/tracking?parcelNumber=JD014600003' },
      },
      { event: 'status', from_status: 'shipped', to_status: 'delivered', actor: staff, details: null },
      { event: 'return', from_status: null, to_status: null, actor: ops, details: { return_id: journeyReturns[0], refund_cents: 1900, restock: false, quantity: 1 } },
      { event: 'return', from_status: null, to_status: null, actor: staff, details: { return_id: journeyReturns[1], refund_cents: 9800, restock: true, quantity: 2 } },
      { event: 'status', from_status: 'delivered', to_status: 'returned', actor: staff, details: null },
    ]);
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The last return and the status it caused happened at the same moment, the return first.
    expect(history[6]?.at).toBe(history[7]?.at);
  });

  it('has the order’s lines with what came back, its returns, carrier, customer and mails', async () => {
    const order = await adminOrder(journey.id);
    const { rows } = await db.query<{ reference: string; created_at: string; delivery: unknown; product: number }>(
      `select o.reference, to_jsonb(o.created_at) #>> '{}' as created_at, o.delivery, (select product_id::int from items where id = $2) as product from orders o where o.id = $1`,
      [journey.id, item('oak-lamp')],
    );
    const row = rows[0];
    const { rows: products } = await db.query<{ id: number; product: number }>('select id::int, product_id::int as product from items');
    const productOf = (itemId: number) => products.find((entry) => entry.id === itemId)?.product;
    expect(order).toMatchObject({
      id: journey.id,
      reference: row?.reference,
      status: 'returned',
      currency: 'EUR',
      total_cents: 2 * 4900 + 1900,
      item_count: 3,
      created_at: row?.created_at,
      delivery: row?.delivery,
      carrier: { code: 'dpd', name: 'DPD' },
      tracking_number: 'JD0146 0000 3',
      tracking_url: 'https://www.dpd.ie/tracking?parcelNumber=JD014600003',
      customer: {
        id: CARL.id,
        email: CARL.email,
        name: 'Carl Gauss',
        guest: false,
        order_count: 2,
        other_orders: [{ id: carlFirst.id, reference: carlFirst.reference, status: 'placed', created_at: expect.any(String), total_cents: 2500, currency: 'EUR' }],
      },
      lines: [
        { id: journey.lines[item('oak-lamp')], item_id: item('oak-lamp'), title: 'Oak lamp', unit_price_cents: 4900, quantity: 2, returned_quantity: 2, product_id: productOf(item('oak-lamp')) },
        {
          id: journey.lines[item('linen-shade')],
          item_id: item('linen-shade'),
          title: 'Linen shade',
          unit_price_cents: 1900,
          quantity: 1,
          returned_quantity: 1,
          product_id: productOf(item('linen-shade')),
        },
      ],
      returns: [
        { id: journeyReturns[0], created_at: expect.any(String), restock: false, note: 'Torn', refund_cents: 1900, lines: [expect.objectContaining({ title: 'Linen shade', quantity: 1 })] },
        { id: journeyReturns[1], created_at: expect.any(String), restock: true, note: null, refund_cents: 9800, lines: [expect.objectContaining({ title: 'Oak lamp', quantity: 2 })] },
      ],
      mails: [
        { kind: 'receipt', state: 'pending', sent_at: null, attempts: 0 },
        { kind: 'shipped', state: 'pending', sent_at: null, attempts: 0 },
        { kind: 'delivered', state: 'pending', sent_at: null, attempts: 0 },
        { kind: 'return', state: 'pending', sent_at: null, attempts: 0 },
        { kind: 'return', state: 'pending', sent_at: null, attempts: 0 },
      ],
    });
  });

  it('says a cancellation was the customer’s own when no staff member made it', async () => {
    const own = await placeOrder(db, DORA, [[item('glass-vase'), 1]]);
    await call(db, claimsOf(DORA), 'public.cancel_order($1)', [own.id]);
    const byStaff = await placeOrder(db, DORA, [[item('glass-vase'), 1]]);
    await call(db, claimsOf(STAFF), `public.set_order_status($1, 'cancelled')`, [byStaff.id]);
    const strip = (history: HistoryEntry[] | undefined) => (history ?? []).map(({ event, from_status, to_status, actor, details }) => ({ event, from_status, to_status, actor, details }));
    expect(strip((await adminOrder(own.id))?.history)).toEqual([
      { event: 'placed', from_status: null, to_status: 'placed', actor: null, details: null },
      { event: 'status', from_status: null, to_status: 'cancelled', actor: null, details: { by: 'customer' } },
    ]);
    expect(strip((await adminOrder(byStaff.id))?.history)).toEqual([
      { event: 'placed', from_status: null, to_status: 'placed', actor: null, details: null },
      { event: 'status', from_status: 'placed', to_status: 'cancelled', actor: staff, details: null },
    ]);
  });

  it('lists a customer’s ten newest other orders, a guest’s as such, and answers null for an unknown order', async () => {
    const oldest = await adminOrder(eveOrders[0] ?? 0);
    const customer = oldest?.customer as { order_count: number; other_orders: { id: number }[] };
    expect(customer.order_count).toBe(12);
    expect(customer.other_orders.map((order) => order.id)).toEqual(eveOrders.slice(2).reverse());

    const guest = await adminOrder(fixedId('G1'));
    expect(guest?.customer).toEqual({ id: GRACE.id, email: 'grace.hopper@example.test', name: 'Grace Hopper', guest: true, order_count: 1, other_orders: [] });
    expect(await adminOrder(2_000_000_000)).toBeNull();
  });

  it('is for staff only', async () => {
    expect(await refusal(db, claimsOf(CARL), 'select public.admin_order($1)', [journey.id])).toEqual({ code: '42501', message: 'Only staff can open orders here.' });
    expect(await refusal(db, VISITOR, 'select public.admin_order($1)', [journey.id])).toEqual({ code: '42501', message: 'permission denied for function admin_order' });
  });
});

describe('admin_customer', () => {
  async function adminCustomer(customer: string) {
    return call<Record<string, unknown> | null>(db, claimsOf(STAFF), 'public.admin_customer($1)', [customer]);
  }

  async function userCreatedAt(userId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ at: string }>(`select to_jsonb(created_at) #>> '{}' as at from auth.users where id = $1`, [userId]);
    return rows[0]?.at;
  }

  it('sums up a customer: since when, how many orders worth how much (not the cancelled), refunded, first and last', async () => {
    expect(await adminCustomer(ADA.id)).toEqual({
      id: ADA.id,
      email: ADA.email,
      name: 'Ada Lovelace',
      guest: false,
      since: await userCreatedAt(ADA.id),
      order_count: 5,
      // A1 4900 + A3 9800 + A4 1900 + A5 2500; A2 was cancelled. One of A3's lamps came back.
      order_value_cents: 19100,
      refunded_cents: 4900,
      currency: 'EUR',
      first_order_at: fixed.A1?.created_at,
      last_order_at: fixed.A5?.created_at,
    });
  });

  it('knows a guest by the e-mail and name their order gave; an account without orders has none; nobody is null', async () => {
    expect(await adminCustomer(GRACE.id)).toMatchObject({
      id: GRACE.id,
      email: 'grace.hopper@example.test',
      name: 'Grace Hopper',
      guest: true,
      order_count: 1,
      order_value_cents: 2500,
      refunded_cents: 0,
    });
    expect(await adminCustomer(OPS.id)).toMatchObject({
      id: OPS.id,
      email: OPS.email,
      name: null,
      guest: false,
      order_count: 0,
      order_value_cents: 0,
      currency: 'EUR',
      first_order_at: null,
      last_order_at: null,
    });
    expect(await adminCustomer('00000000-0000-4000-8000-00000000ffff')).toBeNull();
  });

  it('is for staff only', async () => {
    expect(await refusal(db, claimsOf(ADA), 'select public.admin_customer($1)', [ADA.id])).toEqual({ code: '42501', message: 'Only staff can look customers up.' });
    expect(await refusal(db, VISITOR, 'select public.admin_customer($1)', [ADA.id])).toEqual({ code: '42501', message: 'permission denied for function admin_customer' });
  });
});

describe('orders_export', () => {
  const EXPORT = 'select * from public.orders_export($1, $2)';

  function exported(from: string, to: string, claims: Claims = claimsOf(STAFF)) {
    return as<Record<string, unknown>>(db, claims, EXPORT, [from, to]);
  }

  /** Staff's export in a transaction the table owner changed first (rolled back). */
  async function exportedAfter(change: string, params: unknown[], from: string, to: string): Promise<Record<string, unknown>[]> {
    let rows: Record<string, unknown>[] = [];
    await db.transaction(async (tx) => {
      await tx.query(change, params);
      await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ ...claimsOf(STAFF), role: 'authenticated' }),
      ]);
      rows = (await tx.query<Record<string, unknown>>(EXPORT, [from, to])).rows;
      await tx.rollback();
    });
    return rows;
  }

  it('has one row per order placed on the shop’s days, oldest first, in shop time and currency units', async () => {
    const rows = await exported('2025-06-30', '2025-07-05');
    expect(rows.map((row) => row.order_number)).toEqual(['A1', 'A2', 'B1', 'G1', 'M1', 'L1'].map(fixedId));
    const [a1, a2, b1, g1, , l1] = rows;
    expect(a1).toEqual({
      order_number: fixedId('A1'),
      reference: fixed.A1?.reference,
      placed_at: '2025-06-30 23:45:00',
      status: 'delivered',
      customer_email: ADA.email,
      customer_name: 'Ada Lovelace',
      country: 'IE',
      items: 1,
      total: '49.00',
      refunded: '0.00',
      currency: 'EUR',
      carrier: null,
      tracking_number: null,
    });
    expect(a2).toMatchObject({ placed_at: '2025-07-01 00:30:00', status: 'cancelled', total: '19.00' });
    expect(b1).toMatchObject({ placed_at: '2025-07-02 12:00:00', customer_name: 'Robert Stone', total: '98.00', carrier: 'DPD', tracking_number: '1Z999AA1' });
    expect(g1).toMatchObject({ customer_email: 'grace.hopper@example.test', customer_name: 'Grace Hopper' });
    expect(l1).toMatchObject({ status: 'returned', total: '30.00', refunded: '30.00', customer_email: LINEN.email });
    expect((await exported('2025-07-01', '2025-07-01')).map((row) => row.order_number)).toEqual([fixedId('A2')]);
    expect((await exported('2025-11-20', '2025-11-21')).map((row) => row.order_number)).toEqual([fixedId('A3'), fixedId('A4')]);
    expect(await exported('2024-01-01', '2024-12-31')).toEqual([]);
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe', async () => {
    const [m1] = await exported('2025-07-04', '2025-07-04');
    expect(m1).toMatchObject({ customer_name: `'${HYPERLINK}`, customer_email: MALLORY.email });
    const names: unknown[] = [];
    for (const name of ['+1 555 0100', '-2+3', '@SUM(A1)', '\tTabbed', 'Plain = fine']) {
      const [row] = await exportedAfter(`update orders set delivery = jsonb_set(delivery, '{full_name}', to_jsonb($2::text)) where id = $1`, [fixedId('M1'), name], '2025-07-04', '2025-07-04');
      names.push(row?.customer_name);
    }
    expect(names).toEqual(["'+1 555 0100", "'-2+3", "'@SUM(A1)", "'\tTabbed", 'Plain = fine']);
  });

  it('follows the shop’s time zone', async () => {
    const rows = await exportedAfter(`update store_profile set time_zone = 'America/New_York'`, [], '2025-06-30', '2025-06-30');
    // 23:45 and 00:30 in Dublin are 18:45 and 19:30 on 30 June in New York.
    expect(rows.map((row) => [row.order_number, row.placed_at])).toEqual([
      [fixedId('A1'), '2025-06-30 18:45:00'],
      [fixedId('A2'), '2025-06-30 19:30:00'],
    ]);
  });

  it('exports at most a year (366 days) at a time, of a range that ends after it starts', async () => {
    expect(await exported('2025-01-01', '2026-01-01')).toHaveLength(FIXED.length);
    expect(await exported('2024-01-01', '2024-12-31')).toEqual([]);
    const refused = (from: string | null, to: string | null) => refusal(db, claimsOf(STAFF), EXPORT, [from, to]);
    expect(await refused('2025-01-01', '2026-01-02')).toEqual({ code: '22023', message: 'Export at most a year (366 days) at a time.' });
    expect(await refused('2025-07-02', '2025-07-01')).toEqual({ code: '22023', message: 'Choose a date range whose end is not before its start.' });
    expect(await refused(null, '2025-07-01')).toEqual({ code: '22023', message: 'Choose a date range whose end is not before its start.' });
  });

  it('is for staff only', async () => {
    expect(await refusal(db, claimsOf(ADA), EXPORT, ['2025-01-01', '2025-12-31'])).toEqual({ code: '42501', message: 'Only staff can export orders.' });
    expect(await refusal(db, VISITOR, EXPORT, ['2025-01-01', '2025-12-31'])).toEqual({ code: '42501', message: 'permission denied for function orders_export' });
  });
});

describe('orders_export through the API', () => {
  /** A supabase-js client signed in as a new account; staff when asked (the token hook adds the claim at sign-in). */
  async function signedIn(email: string, asStaff: boolean): Promise<SupabaseClient> {
    const client = backend.anonClient();
    const { data, error } = await client.auth.signUp({ email, password: 'long-enough-password-1' });
    if (error || !data.user) throw error ?? new Error('no user');
    if (asStaff) {
      await db.query(`insert into user_roles (user_id, role) values ($1, 'staff')`, [data.user.id]);
      const { error: signInError } = await client.auth.signInWithPassword({ email, password: 'long-enough-password-1' });
      if (signInError) throw signInError;
    }
    return client;
  }

  it('answers staff with the CSV text (header row, text with spaces or quotes quoted, formulas defused); refuses customers with the message', async () => {
    const staffClient = await signedIn('export-staff@example.test', true);
    const { data, error } = await staffClient.rpc('orders_export', { from_date: '2025-07-02', to_date: '2025-07-04' }).csv();
    expect(error).toBeNull();
    expect(String(data).split('\n')).toEqual([
      'order_number,reference,placed_at,status,customer_email,customer_name,country,items,total,refunded,currency,carrier,tracking_number',
      `${fixedId('B1')},${fixed.B1?.reference},"2025-07-02 12:00:00",shipped,bob.stone@example.test,"Robert Stone",IE,2,98.00,0.00,EUR,DPD,1Z999AA1`,
      `${fixedId('G1')},${fixed.G1?.reference},"2025-07-03 08:00:00",placed,grace.hopper@example.test,"Grace Hopper",IE,1,25.00,0.00,EUR,,`,
      `${fixedId('M1')},${fixed.M1?.reference},"2025-07-04 10:00:00",confirmed,mallory@example.test,"'=HYPERLINK(""https://evil.example"",""Click"")",IE,1,15.00,0.00,EUR,,`,
    ]);

    const customerClient = await signedIn('export-customer@example.test', false);
    const refused = await customerClient.rpc('orders_export', { from_date: '2025-07-02', to_date: '2025-07-04' }).csv();
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ code: '42501', message: 'Only staff can export orders.' });
  });
});

describe('order_by_link', () => {
  it('shows whoever holds the link the shipping (carrier, tracking) and each return with what came back', async () => {
    const { rows } = await db.query<{ reference: string; access_key: string }>('select reference, access_key from orders where id = $1', [journey.id]);
    const link = rows[0];
    const order = await call<Record<string, unknown>>(db, VISITOR, 'public.order_by_link($1, $2)', [link?.reference.toLowerCase(), link?.access_key]);
    expect(order).toMatchObject({
      reference: link?.reference,
      status: 'returned',
      shipped_at: expect.any(String),
      delivered_at: expect.any(String),
      returned_at: expect.any(String),
      carrier: { code: 'dpd', name: 'DPD' },
      tracking_number: 'JD0146 0000 3',
      tracking_url: 'https://www.dpd.ie/tracking?parcelNumber=JD014600003',
      order_items: [
        { item_id: item('oak-lamp'), title: 'Oak lamp', unit_price_cents: 4900, quantity: 2, returned_quantity: 2 },
        { item_id: item('linen-shade'), title: 'Linen shade', unit_price_cents: 1900, quantity: 1, returned_quantity: 1 },
      ],
      order_returns: [
        { id: journeyReturns[0], created_at: expect.any(String), refund_cents: 1900, lines: [expect.objectContaining({ title: 'Linen shade', quantity: 1, unit_price_cents: 1900 })] },
        { id: journeyReturns[1], created_at: expect.any(String), refund_cents: 9800, lines: [expect.objectContaining({ title: 'Oak lamp', quantity: 2, unit_price_cents: 4900 })] },
      ],
    });
    // Not the staff's business: who recorded a return, or its note.
    expect(JSON.stringify(order)).not.toMatch(/Torn|ops@example|actor/);

    const shipped = await call<Record<string, unknown>>(db, VISITOR, 'public.order_by_link($1, $2)', [
      fixed.B1?.reference,
      (await db.query<{ key: string }>('select access_key as key from orders where id = $1', [fixedId('B1')])).rows[0]?.key,
    ]);
    expect(shipped).toMatchObject({ status: 'shipped', returned_at: null, carrier: { code: 'dpd', name: 'DPD' }, tracking_number: '1Z999AA1', order_returns: [] });
    const plain = await placeOrder(db, DORA, [[item('brass-bowl'), 1]]);
    const { rows: plainKey } = await db.query<{ key: string }>('select access_key as key from orders where id = $1', [plain.id]);
    expect(await call(db, VISITOR, 'public.order_by_link($1, $2)', [plain.reference, plainKey[0]?.key])).toMatchObject({
      carrier: null,
      tracking_number: null,
      tracking_url: null,
      order_returns: [],
    });
  });
});
