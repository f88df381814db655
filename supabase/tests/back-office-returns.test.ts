import type { Database } from '../../server/index.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  SERVICE,
  VISITOR,
  addItems,
  addPeople,
  advance,
  as,
  call,
  claimsOf,
  ledgerMismatches,
  openBackOfficeDatabase,
  placeOrder,
  recordReturn,
  refusal,
  stockOf,
} from './back-office-fixtures.ts';

// Returns of delivered orders (record_return, …_back_office.sql): what comes back goes into stock
// through the ledger (reason 'return', its order and note named) unless written off, each return
// is refunded at the price paid, mailed and audited, the order becomes returned once every line is
// back, and anything else is refused with a message saying why. On PGlite, or PostgreSQL with
// LUMEN_TEST_DB=postgres; under real concurrent connections: back-office-races.test.ts.

const STAFF: Person = { id: '00000000-0000-4000-8000-0000000001a1', email: 'staff@example.test', name: 'Sam Staff', staff: true };
const BUYER: Person = { id: '00000000-0000-4000-8000-0000000001b1', email: 'buyer@example.test', name: 'Bea Buyer' };
const OTHER: Person = { id: '00000000-0000-4000-8000-0000000001b2', email: 'other@example.test', name: null };
const GUEST: Person = { id: '00000000-0000-4000-8000-0000000001c1', email: '', name: null, guest: true };

let db: Database;
let backend: TestBackend;
let items: Record<string, number>;

function item(slug: string): number {
  const id = items[slug];
  if (id === undefined) throw new Error(`no item ${slug}`);
  return id;
}

function line(order: { lines: Record<number, number> }, slug: string): number {
  const id = order.lines[item(slug)];
  if (id === undefined) throw new Error(`no line for ${slug}`);
  return id;
}

/** A delivered order of the buyer's: [slug, quantity] lines. */
async function delivered(lines: [string, number][]) {
  const order = await placeOrder(db, BUYER, lines.map(([slug, quantity]) => [item(slug), quantity]));
  await advance(db, STAFF, order.id, 'delivered');
  return order;
}

async function returnedQuantities(orderId: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ slug: string; returned: number }>(
    `select i.slug, oi.returned_quantity as returned from order_items oi join items i on i.id = oi.item_id where oi.order_id = $1 order by oi.id`,
    [orderId],
  );
  return Object.fromEntries(rows.map((row) => [row.slug, row.returned]));
}

async function orderRow(orderId: number) {
  const { rows } = await db.query<{ status: string; returned: boolean }>('select status, returned_at is not null as returned from orders where id = $1', [orderId]);
  return rows[0];
}

async function returnMovements(orderId: number) {
  const { rows } = await db.query<{ item_id: number; delta: number; note: string | null; actor: string | null }>(
    `select item_id::int, delta, note, actor from stock_movements where order_id = $1 and reason = 'return' order by id`,
    [orderId],
  );
  return rows;
}

async function returnMails(orderId: number) {
  const { rows } = await db.query<{ return_id: number; state: string }>(
    `select return_id::int, state from private.order_notifications where order_id = $1 and kind = 'return' order by id`,
    [orderId],
  );
  return rows;
}

const RECORD = 'select public.record_return($1, $2::jsonb, $3, $4)';

/** The refusal of a return of `lines` (any JSON) as staff. */
function refused(orderId: number, lines: unknown, restock: boolean | null = true, note: string | null = null) {
  return refusal(db, claimsOf(STAFF), RECORD, [orderId, JSON.stringify(lines), restock, note]);
}

beforeAll(async () => {
  ({ db, backend } = await openBackOfficeDatabase());
  await addPeople(db, [STAFF, BUYER, OTHER, GUEST]);
  items = await addItems(db, [
    { slug: 'oak-lamp', title: 'Oak lamp', price_cents: 4900, stock: 100 },
    { slug: 'linen-shade', title: 'Linen shade', price_cents: 1900, stock: 100 },
    { slug: 'glass-vase', title: 'Glass vase', price_cents: 2500, stock: 100 },
    { slug: 'brass-bowl', title: 'Brass bowl', price_cents: 1500, stock: 100 },
  ]);
});

afterAll(async () => {
  await backend?.close();
});

describe('a return', () => {
  it('puts part of an order back into stock through the ledger, refunds it at the price paid, mails and audits it; the order stays delivered', async () => {
    const order = await delivered([['brass-bowl', 3], ['linen-shade', 2]]);
    // The price changed since: the refund is what the customer paid.
    await as(db, claimsOf(STAFF), 'update items set price_cents = 1700 where id = $1', [item('brass-bowl')]);
    const before = await stockOf(db, item('brass-bowl'));
    await db.exec('delete from net.http_request_queue; delete from audit_log');

    const result = await recordReturn(db, STAFF, order.id, [[line(order, 'brass-bowl'), 2]], true, 'Scratched in transit');
    expect(result).toEqual({ return_id: expect.any(Number), order_id: order.id, status: 'delivered', refund_cents: 3000 });

    expect(await stockOf(db, item('brass-bowl'))).toBe(before + 2);
    expect(await returnMovements(order.id)).toEqual([{ item_id: item('brass-bowl'), delta: 2, note: 'Scratched in transit', actor: STAFF.id }]);
    expect(await returnedQuantities(order.id)).toEqual({ 'brass-bowl': 2, 'linen-shade': 0 });
    expect(await orderRow(order.id)).toEqual({ status: 'delivered', returned: false });

    const { rows: returns } = await db.query('select id::int, order_id::int, actor, actor_email, restock, note, refund_cents, lines from order_returns where order_id = $1', [
      order.id,
    ]);
    expect(returns).toEqual([
      {
        id: result.return_id,
        order_id: order.id,
        actor: STAFF.id,
        actor_email: STAFF.email,
        restock: true,
        note: 'Scratched in transit',
        refund_cents: 3000,
        lines: [{ order_item_id: line(order, 'brass-bowl'), item_id: item('brass-bowl'), title: 'Brass bowl', quantity: 2, unit_price_cents: 1500 }],
      },
    ]);

    // One 'return' mail naming the return, whose webhook calls order-confirmation after commit.
    expect(await returnMails(order.id)).toEqual([{ return_id: result.return_id, state: 'pending' }]);
    const { rows: hooks } = await db.query<{ url: string; payload: { table: string; record: { order_id: number; kind: string; return_id: number } } }>(
      `select url, convert_from(body, 'UTF8')::jsonb as payload from net.http_request_queue`,
    );
    expect(hooks.map((hook) => [hook.url, hook.payload.table, hook.payload.record.kind, hook.payload.record.order_id, hook.payload.record.return_id])).toEqual([
      ['http://kong:8000/functions/v1/order-confirmation', 'order_notifications', 'return', order.id, result.return_id],
    ]);

    // The audit log has the stock change with why, and the return itself; the status did not change.
    const { rows: audit } = await db.query<{ actor: string; actor_email: string; action: string; entity: string; entity_id: string; context: unknown; stock: [number, number] | null }>(
      `select actor, actor_email, action, entity, entity_id, context,
              case when entity = 'items' then array[(before ->> 'stock')::int, (after ->> 'stock')::int] end as stock
       from audit_log order by id`,
    );
    expect(audit).toEqual([
      {
        actor: STAFF.id,
        actor_email: STAFF.email,
        action: 'update',
        entity: 'items',
        entity_id: String(item('brass-bowl')),
        context: { stock_reason: 'return', stock_note: 'Scratched in transit' },
        stock: [before, before + 2],
      },
      { actor: STAFF.id, actor_email: STAFF.email, action: 'insert', entity: 'order_returns', entity_id: String(result.return_id), context: null, stock: null },
    ]);

    // What the mail function gets when it claims it: the return named, with its lines.
    const claimed = await call<{ notifications: { kind: string; return_id?: number }[]; returns: unknown[] }>(
      db,
      SERVICE,
      'public.claim_order_notifications($1)',
      [order.id],
    );
    expect(claimed.notifications.filter((n) => n.kind === 'return')).toEqual([{ id: expect.any(Number), kind: 'return', return_id: result.return_id }]);
    expect(claimed.returns).toEqual([
      { id: result.return_id, created_at: expect.any(String), refund_cents: 3000, lines: [{ title: 'Brass bowl', quantity: 2, unit_price_cents: 1500 }] },
    ]);
  });

  it('makes the order returned once every line is back, each return with its own mail; nothing more can come back', async () => {
    const order = await delivered([['oak-lamp', 2], ['glass-vase', 1]]);
    const first = await recordReturn(db, STAFF, order.id, [[line(order, 'oak-lamp'), 1]]);
    expect(first.status).toBe('delivered');
    expect(await orderRow(order.id)).toEqual({ status: 'delivered', returned: false });
    await db.exec('delete from audit_log');

    const second = await recordReturn(db, STAFF, order.id, [[line(order, 'glass-vase'), 1], [line(order, 'oak-lamp'), 1]]);
    expect(second).toEqual({ return_id: expect.any(Number), order_id: order.id, status: 'returned', refund_cents: 4900 + 2500 });
    expect(await orderRow(order.id)).toEqual({ status: 'returned', returned: true });
    expect(await returnedQuantities(order.id)).toEqual({ 'oak-lamp': 2, 'glass-vase': 1 });
    expect(await returnMails(order.id)).toEqual([
      { return_id: first.return_id, state: 'pending' },
      { return_id: second.return_id, state: 'pending' },
    ]);
    const { rows: statusAudit } = await db.query(
      `select actor, before ->> 'status' as "from", after ->> 'status' as "to" from audit_log where entity = 'orders' and entity_id = $1`,
      [String(order.id)],
    );
    expect(statusAudit).toEqual([{ actor: STAFF.id, from: 'delivered', to: 'returned' }]);

    expect(await refused(order.id, [{ order_item_id: line(order, 'oak-lamp'), quantity: 1 }])).toEqual({
      code: 'P0001',
      message: `Order ${order.id} is returned: only a delivered order can be returned.`,
    });
    expect(await refusal(db, claimsOf(STAFF), `select public.set_order_status($1, 'delivered')`, [order.id])).toMatchObject({
      code: 'P0001',
      hint: 'Nothing follows this status.',
    });
  });

  it('written off (restock false) puts nothing back into stock, yet the line counts as returned and refunded', async () => {
    const order = await delivered([['glass-vase', 2]]);
    const before = await stockOf(db, item('glass-vase'));
    const { rows: movementsBefore } = await db.query<{ n: number }>('select count(*)::int as n from stock_movements');
    await db.exec('delete from audit_log');

    const result = await recordReturn(db, STAFF, order.id, [[line(order, 'glass-vase'), 2]], false, 'Broken');
    expect(result).toMatchObject({ status: 'returned', refund_cents: 5000 });
    expect(await stockOf(db, item('glass-vase'))).toBe(before);
    expect((await db.query('select count(*)::int as n from stock_movements')).rows).toEqual(movementsBefore);
    expect(await returnedQuantities(order.id)).toEqual({ 'glass-vase': 2 });
    const { rows } = await db.query('select restock, note from order_returns where id = $1', [result.return_id]);
    expect(rows).toEqual([{ restock: false, note: 'Broken' }]);
    const { rows: audited } = await db.query<{ entity: string }>('select entity from audit_log order by id');
    expect(audited.map((row) => row.entity)).toEqual(['order_returns', 'orders']);
  });

  it('keeps a note of exactly 500 characters (on the return and its stock movement), and none for a blank one', async () => {
    const order = await delivered([['linen-shade', 2]]);
    const long = 'n'.repeat(500);
    const kept = await recordReturn(db, STAFF, order.id, [[line(order, 'linen-shade'), 1]], true, long);
    const blank = await recordReturn(db, STAFF, order.id, [[line(order, 'linen-shade'), 1]], true, '   ');
    const { rows } = await db.query<{ id: number; note: string | null }>('select id::int, note from order_returns where order_id = $1 order by id', [order.id]);
    expect(rows).toEqual([
      { id: kept.return_id, note: long },
      { id: blank.return_id, note: null },
    ]);
    expect((await returnMovements(order.id))[0]?.note).toBe(long);
  });
});

describe('record_return refuses', () => {
  it('an order that is not delivered, naming its status, and an unknown order', async () => {
    const { 'oak-lamp': lamp } = items;
    if (lamp === undefined) throw new Error('no lamp');
    const placed = await placeOrder(db, BUYER, [[lamp, 1]]);
    const confirmed = await placeOrder(db, BUYER, [[lamp, 1]]);
    await advance(db, STAFF, confirmed.id, 'confirmed');
    const packed = await placeOrder(db, BUYER, [[lamp, 1]]);
    await advance(db, STAFF, packed.id, 'packed');
    const shipped = await placeOrder(db, BUYER, [[lamp, 1]]);
    await advance(db, STAFF, shipped.id, 'shipped');
    const cancelled = await placeOrder(db, BUYER, [[lamp, 1]]);
    await call(db, claimsOf(BUYER), 'public.cancel_order($1)', [cancelled.id]);
    const returned = await delivered([['oak-lamp', 1]]);
    await recordReturn(db, STAFF, returned.id, [[line(returned, 'oak-lamp'), 1]]);

    const stock = await stockOf(db, lamp);
    for (const [status, order] of Object.entries({ placed, confirmed, packed, shipped, cancelled, returned })) {
      expect(await refused(order.id, [{ order_item_id: line(order, 'oak-lamp'), quantity: 1 }]), status).toEqual({
        code: 'P0001',
        message: `Order ${order.id} is ${status}: only a delivered order can be returned.`,
      });
    }
    expect(await refused(2_000_000_000, [{ order_item_id: 1, quantity: 1 }])).toEqual({ code: 'P0001', message: 'Order 2000000000 was not found.' });
    expect(await stockOf(db, lamp)).toBe(stock);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from order_returns where order_id = any ($1)', [
      [placed.id, confirmed.id, packed.id, shipped.id, cancelled.id],
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('more than is left, a line it does not have (unknown or another order’s), and a line named twice — recording nothing', async () => {
    const order = await delivered([['oak-lamp', 3], ['linen-shade', 1]]);
    const other = await delivered([['oak-lamp', 1]]);
    const lamp = line(order, 'oak-lamp');
    const stock = await stockOf(db, item('oak-lamp'));

    expect(await refused(order.id, [{ order_item_id: lamp, quantity: 4 }])).toEqual({ code: 'P0001', message: 'Only 3 of Oak lamp can still be returned.' });
    expect(await refused(order.id, [{ order_item_id: 2_000_000_000, quantity: 1 }])).toEqual({
      code: 'P0001',
      message: `Order ${order.id} has no line 2000000000.`,
    });
    expect(await refused(order.id, [{ order_item_id: line(other, 'oak-lamp'), quantity: 1 }])).toEqual({
      code: 'P0001',
      message: `Order ${order.id} has no line ${line(other, 'oak-lamp')}.`,
    });
    expect(await refused(order.id, [{ order_item_id: lamp, quantity: 1 }, { order_item_id: lamp, quantity: 1 }])).toEqual({
      code: '22023',
      message: 'Name each line once.',
    });
    // One bad line refuses the whole return: the good one is not recorded either.
    expect(await refused(order.id, [{ order_item_id: line(order, 'linen-shade'), quantity: 1 }, { order_item_id: lamp, quantity: 9 }])).toMatchObject({ code: 'P0001' });
    expect(await returnedQuantities(order.id)).toEqual({ 'oak-lamp': 0, 'linen-shade': 0 });
    expect(await stockOf(db, item('oak-lamp'))).toBe(stock);

    await recordReturn(db, STAFF, order.id, [[lamp, 2]]);
    expect(await refused(order.id, [{ order_item_id: lamp, quantity: 2 }])).toEqual({ code: 'P0001', message: 'Only 1 of Oak lamp can still be returned.' });
    await recordReturn(db, STAFF, order.id, [[lamp, 1]]);
    expect(await refused(order.id, [{ order_item_id: lamp, quantity: 1 }])).toEqual({
      code: 'P0001',
      message: `Every Oak lamp of order ${order.id} has already been returned.`,
    });
    expect(await returnedQuantities(order.id)).toEqual({ 'oak-lamp': 3, 'linen-shade': 0 });
    expect(await stockOf(db, item('oak-lamp'))).toBe(stock + 3);
    expect((await orderRow(order.id))?.status).toBe('delivered');
  });

  it('malformed lines, a missing restock choice and a long note (22023), before looking at the order', async () => {
    const order = await delivered([['oak-lamp', 2]]);
    const id = line(order, 'oak-lamp');
    const noLines = { code: '22023', message: 'Choose at least one line to return.' };
    const badLine = { code: '22023', message: 'Each line needs an order_item_id and a quantity of at least 1.' };
    const cases: [string, unknown, typeof noLines][] = [
      ['no lines', [], noLines],
      ['an object instead of an array', { order_item_id: id, quantity: 1 }, noLines],
      ['a string', 'oak-lamp', noLines],
      ['null', null, noLines],
      ['201 lines', Array.from({ length: 201 }, (_, index) => ({ order_item_id: index + 1, quantity: 1 })), noLines],
      ['no quantity', [{ order_item_id: id }], badLine],
      ['no line id', [{ quantity: 1 }], badLine],
      ['a quantity of 1.5', [{ order_item_id: id, quantity: 1.5 }], badLine],
      ['a quantity of 0', [{ order_item_id: id, quantity: 0 }], badLine],
      ['a negative quantity', [{ order_item_id: id, quantity: -1 }], badLine],
      ['a quantity as a string', [{ order_item_id: id, quantity: '1' }], badLine],
      ['a line id as a string', [{ order_item_id: String(id), quantity: 1 }], badLine],
      ['a fractional line id', [{ order_item_id: id + 0.5, quantity: 1 }], badLine],
      ['a quantity of ten million', [{ order_item_id: id, quantity: 10_000_000 }], badLine],
      ['a line id past bigint', [{ order_item_id: 1e19, quantity: 1 }], badLine],
      ['a null line', [null], badLine],
      ['a number for a line', [1], badLine],
    ];
    for (const [what, lines, expected] of cases) {
      expect(await refused(order.id, lines), what).toEqual(expected);
    }
    expect(await refused(order.id, [{ order_item_id: id, quantity: 1 }], null)).toEqual({ code: '22023', message: 'Say whether the items go back into stock.' });
    expect(await refused(order.id, [{ order_item_id: id, quantity: 1 }], true, 'n'.repeat(501))).toEqual({
      code: '22023',
      message: 'Use at most 500 characters for the note.',
    });
    // Even for an order that does not exist: the input is checked first.
    expect(await refused(2_000_000_000, [{ order_item_id: id, quantity: 0 }])).toEqual(badLine);
    expect(await returnedQuantities(order.id)).toEqual({ 'oak-lamp': 0 });
  });

  it('customers (even on their own order), guests and visitors: only staff record returns', async () => {
    const order = await delivered([['oak-lamp', 1]]);
    const lines = JSON.stringify([{ order_item_id: line(order, 'oak-lamp'), quantity: 1 }]);
    for (const person of [BUYER, OTHER, GUEST]) {
      expect(await refusal(db, claimsOf(person), RECORD, [order.id, lines, true, null]), person.email || 'guest').toEqual({
        code: '42501',
        message: 'Only staff can record returns.',
      });
    }
    expect(await refusal(db, VISITOR, RECORD, [order.id, lines, true, null])).toEqual({
      code: '42501',
      message: 'permission denied for function record_return',
    });
    expect(await returnedQuantities(order.id)).toEqual({ 'oak-lamp': 0 });
    // Nor can anyone write a return row directly (rls-matrix.test.ts has every cell).
    expect(await refusal(db, claimsOf(STAFF), `insert into order_returns (order_id, restock, refund_cents, lines) values ($1, true, 0, '[{}]')`, [order.id])).toMatchObject({
      code: '42501',
    });
  });
});

describe('what customers see of returns', () => {
  it('their own orders’ returns, with returned_quantity on the lines; not other people’s', async () => {
    const order = await delivered([['linen-shade', 2]]);
    const { return_id } = await recordReturn(db, STAFF, order.id, [[line(order, 'linen-shade'), 1]]);
    expect(await as(db, claimsOf(BUYER), 'select id::int, refund_cents from order_returns where order_id = $1', [order.id])).toEqual([
      { id: return_id, refund_cents: 1900 },
    ]);
    expect(await as(db, claimsOf(BUYER), 'select quantity, returned_quantity from order_items where order_id = $1', [order.id])).toEqual([
      { quantity: 2, returned_quantity: 1 },
    ]);
    expect(await as(db, claimsOf(OTHER), 'select id from order_returns where order_id = $1', [order.id])).toEqual([]);
  });
});

describe('the stock ledger', () => {
  it('still adds up: every item’s stock is the sum of its movements, and restocked returns are the return movements', async () => {
    expect(await ledgerMismatches(db)).toEqual([]);
    const { rows } = await db.query<{ order_id: number; returned: number; moved: number }>(`
      select r.order_id::int,
             sum((l ->> 'quantity')::int)::int as returned,
             coalesce((select sum(m.delta) from stock_movements m where m.order_id = r.order_id and m.reason = 'return'), 0)::int as moved
      from order_returns r cross join jsonb_array_elements(r.lines) l where r.restock
      group by r.order_id having sum((l ->> 'quantity')::int) <> coalesce((select sum(m.delta) from stock_movements m where m.order_id = r.order_id and m.reason = 'return'), 0)`);
    expect(rows).toEqual([]);
    const { rows: over } = await db.query('select id from order_items where returned_quantity > quantity or returned_quantity < 0');
    expect(over).toEqual([]);
    const { rows: counted } = await db.query<{ mismatched: number }>(`
      select count(*)::int as mismatched from order_items oi
      where oi.returned_quantity <> coalesce((select sum((l ->> 'quantity')::int) from order_returns r cross join jsonb_array_elements(r.lines) l
                                               where r.order_id = oi.order_id and (l ->> 'order_item_id')::bigint = oi.id), 0)`);
    expect(counted).toEqual([{ mismatched: 0 }]);
  });
});
