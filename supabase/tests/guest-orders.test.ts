import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, openLumenDatabase, queryAsUser } from './lumen-database.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

// Guests order through an anonymous session (auth.users.is_anonymous); accounts as before.
const GUEST = '00000000-0000-4000-8000-00000000e001';
const OTHER_GUEST = '00000000-0000-4000-8000-00000000e002';
const CAROL = '00000000-0000-4000-8000-00000000ca01';

let db: Database;
let lampId: number;
let shadeId: number;
let draftId: number;

/** Runs as a user and commits (asActor rolls back; ordering needs to persist between steps). */
const asUser = <T,>(sub: string, sql: string, params: unknown[] = []): Promise<T[]> => queryAsUser<T>(db, sub, sql, params);

type PlaceResult = { status: 'placed'; order_id: number; reference: string; replayed: boolean } | { status: 'stock_changed'; changes: unknown[] };

async function guestOrder(sub: string, lines: unknown, email: string | null = 'guest@example.test', key = crypto.randomUUID()): Promise<PlaceResult> {
  const [row] = await asUser<{ result: PlaceResult }>(sub, 'select place_order($1, $2::jsonb, $3, $4::jsonb) as result', [
    key,
    TEST_DELIVERY_JSON,
    email,
    JSON.stringify(lines),
  ]);
  return row.result;
}

async function stockOf(id: number): Promise<number> {
  const { rows } = await db.query<{ stock: number }>('select stock from items where id = $1', [id]);
  return rows[0].stock;
}

async function newGuest(id: string): Promise<void> {
  await db.query(`insert into auth.users (id, aud, role, is_anonymous) values ($1, 'authenticated', 'authenticated', true)`, [id]);
}

beforeAll(async () => {
  db = await openLumenDatabase();
  await newGuest(GUEST);
  await newGuest(OTHER_GUEST);
  await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'carol@example.test', 'authenticated', 'authenticated')`, [CAROL]);
  await db.exec(`insert into categories (slug, name) values ('lighting', 'Lighting');`);
  const { rows } = await db.query<{ id: number; slug: string }>(
    `insert into items (slug, title, price_cents, stock, category_id) values
       ('lamp', 'Lamp', 4900, 10, 1), ('shade', 'Shade', 1900, 2, 1), ('draft-lamp', 'Draft lamp', 100, 5, 1)
     returning id, slug`,
  );
  const idOf = (slug: string) => rows.find((row) => row.slug === slug)?.id ?? -1;
  lampId = idOf('lamp');
  shadeId = idOf('shade');
  draftId = idOf('draft-lamp');
  await db.query(`update products set published_at = null where id = (select product_id from items where id = $1)`, [draftId]);
});

afterAll(async () => {
  await db.close();
});

describe('a guest order', () => {
  it('places the browser cart as the guest’s order, with a public reference and the receipt address', async () => {
    const before = await stockOf(lampId);
    const result = await guestOrder(GUEST, [{ item_id: lampId, quantity: 2 }], '  Guest@Example.test ');
    expect(result).toMatchObject({ status: 'placed', replayed: false });
    if (result.status !== 'placed') return;
    expect(result.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await stockOf(lampId)).toBe(before - 2);
    const orders = await asUser<{ reference: string; contact_email: string; item_count: number; user_id: string }>(
      GUEST,
      'select reference, contact_email, item_count, user_id from orders',
    );
    expect(orders).toEqual([{ reference: result.reference, contact_email: 'guest@example.test', item_count: 2, user_id: GUEST }]);
    expect(await asUser(GUEST, 'select item_id from cart_items')).toEqual([]);
    expect(await asUser(GUEST, 'select city from addresses')).toEqual([{ city: 'Dublin' }]);
  });

  it('answers a repeated attempt with the same order, reference included', async () => {
    const key = crypto.randomUUID();
    const first = await guestOrder(GUEST, [{ item_id: lampId, quantity: 1 }], 'guest@example.test', key);
    const again = await guestOrder(GUEST, [{ item_id: lampId, quantity: 1 }], 'guest@example.test', key);
    expect(again).toMatchObject({ status: 'placed', replayed: true });
    if (first.status !== 'placed' || again.status !== 'placed') return;
    expect(again.reference).toBe(first.reference);
    expect(again.order_id).toBe(first.order_id);
  });

  it('needs a valid e-mail from a guest, named next to the delivery problems', async () => {
    for (const email of [null, '', 'not-an-address', `${'x'.repeat(250)}@example.test`]) {
      const failure = await guestOrder(GUEST, [{ item_id: lampId, quantity: 1 }], email).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: '22023' });
      expect(JSON.parse((failure as { detail: string }).detail)).toHaveProperty('email');
    }
  });

  it('reports what is no longer on sale or short of stock instead of ordering, and orders nothing', async () => {
    const before = await stockOf(shadeId);
    const result = await guestOrder(GUEST, [
      { item_id: shadeId, quantity: 5 },
      { item_id: draftId, quantity: 1 },
      { item_id: 999_999, quantity: 1 },
      { item_id: lampId, quantity: 1 },
    ]);
    expect(result.status).toBe('stock_changed');
    if (result.status !== 'stock_changed') return;
    expect(result.changes).toEqual([
      { item_id: shadeId, title: 'Shade', requested: 5, available: 2 },
      { item_id: draftId, title: 'Draft lamp', requested: 1, available: 0 },
      { item_id: 999_999, title: 'An item', requested: 1, available: 0 },
    ]);
    expect(await stockOf(shadeId)).toBe(before);
    expect(await asUser(GUEST, 'select count(*)::int as n from orders where item_count = 6')).toEqual([{ n: 0 }]);
  });

  it('refuses lines from an account (its cart is in the database) and malformed lines', async () => {
    await expect(guestOrder(CAROL, [{ item_id: lampId, quantity: 1 }])).rejects.toMatchObject({ code: '22023' });
    await expect(guestOrder(GUEST, { item_id: lampId })).rejects.toMatchObject({ code: '22023' });
    await expect(guestOrder(GUEST, Array.from({ length: 101 }, () => ({ item_id: lampId, quantity: 1 })))).rejects.toMatchObject({ code: '22023' });
  });

  it('answers malformed lines with a client error and orders nothing', async () => {
    const before = await stockOf(lampId);
    for (const lines of [
      [{ item_id: lampId, quantity: 1e20 }],
      [{ item_id: 1.5, quantity: 1 }],
      [{ item_id: lampId, quantity: -3 }, { item_id: { nested: [1, [2]] }, quantity: 'many' }],
      'lines',
      [[[[[]]]]],
    ]) {
      const outcome = await guestOrder(GUEST, lines).catch((error: unknown) => error);
      // 22xxx: not lines; P0001: nothing usable in them ("Your cart is empty"). PostgREST answers both 400.
      if (outcome instanceof Error) expect((outcome as { code?: string }).code).toMatch(/^(22|P0001$)/);
      else expect(outcome).toMatchObject({ status: expect.not.stringMatching('placed') as unknown });
    }
    expect(await stockOf(lampId)).toBe(before);
  });

  it('keeps the guest’s orders and addresses from everyone else', async () => {
    expect(await asUser(OTHER_GUEST, 'select * from orders')).toEqual([]);
    expect(await asUser(OTHER_GUEST, 'select * from order_items')).toEqual([]);
    expect(await asUser(OTHER_GUEST, 'select * from addresses')).toEqual([]);
    expect(await asUser(CAROL, 'select * from orders')).toEqual([]);
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select * from orders'))).rejects.toThrow(/permission denied/);
  });
});

describe('the receipt’s link', () => {
  it('opens the order for anyone holding reference and key, and nothing for a wrong key', async () => {
    const { rows } = await db.query<{ reference: string; access_key: string }>(`select reference, access_key from orders where user_id = $1 limit 1`, [GUEST]);
    const { reference, access_key: key } = rows[0];
    const opened = await asActor(db, { role: 'anon' }, async (tx) =>
      (await tx.query<{ order: Record<string, unknown> }>('select order_by_link($1, $2) as order', [reference.toLowerCase(), key])).rows[0].order,
    );
    expect(opened).toMatchObject({ reference, status: 'placed', contact_email: 'guest@example.test' });
    expect(opened).not.toHaveProperty('id');
    expect(opened).not.toHaveProperty('user_id');
    expect((opened.order_items as unknown[]).length).toBeGreaterThan(0);
    const wrong = await asActor(db, { role: 'anon' }, async (tx) =>
      (await tx.query<{ order: unknown }>('select order_by_link($1, $2) as order', [reference, crypto.randomUUID()])).rows[0].order,
    );
    expect(wrong).toBeNull();
  });

  it('gives every order its own reference, old orders included', async () => {
    const { rows } = await db.query<{ n: number; distinct_references: number }>(
      'select count(*)::int as n, count(distinct reference)::int as distinct_references from orders',
    );
    expect(rows[0].n).toBeGreaterThan(1);
    expect(rows[0].distinct_references).toBe(rows[0].n);
  });

  it('mails a guest’s order to the address given at checkout, with the link’s parts', async () => {
    const { rows } = await db.query<{ id: number; reference: string; access_key: string }>(
      'select id, reference, access_key from orders where user_id = $1 order by id limit 1',
      [GUEST],
    );
    const { rows: claimed } = await db.query<{ claim: Record<string, unknown> }>('select claim_order_notifications($1) as claim', [rows[0].id]);
    expect(claimed[0].claim).toMatchObject({ email: 'guest@example.test', reference: rows[0].reference, access_key: rows[0].access_key });
  });
});

describe('a guest who becomes a customer', () => {
  it('keeps cart and orders when the anonymous user is made permanent (sign-up keeps the id)', async () => {
    const convert = '00000000-0000-4000-8000-00000000e003';
    await newGuest(convert);
    await guestOrder(convert, [{ item_id: lampId, quantity: 1 }], 'convert@example.test');
    await asUser(convert, 'insert into cart_items (item_id, quantity) values ($1, 1)', [lampId]);
    // What the auth server does when the guest signs up from the session (updateUser with email + password).
    await db.query(`update auth.users set email = 'convert@example.test', is_anonymous = false where id = $1`, [convert]);
    expect(await asUser(convert, 'select contact_email from orders')).toEqual([{ contact_email: 'convert@example.test' }]);
    expect(await asUser(convert, 'select quantity from cart_items')).toEqual([{ quantity: 1 }]);
    await db.query(`update auth.users set email = 'renamed@example.test' where id = $1`, [convert]);
    const { rows } = await db.query<{ claim: { email: string } }>(
      'select claim_order_notifications((select id from orders where user_id = $1)) as claim',
      [convert],
    );
    expect(rows[0].claim.email).toBe('renamed@example.test');
  });

  it('hands the guest’s orders, addresses and cart to an existing account once, then removes the guest', async () => {
    const guest = '00000000-0000-4000-8000-00000000e004';
    const account = '00000000-0000-4000-8000-00000000ca02';
    await newGuest(guest);
    await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'dave@example.test', 'authenticated', 'authenticated')`, [account]);
    const placed = await guestOrder(guest, [{ item_id: lampId, quantity: 1 }], 'dave@example.test');
    await asUser(guest, 'insert into cart_items (item_id, quantity) values ($1, 2)', [lampId]);

    await expect(asUser(account, 'select begin_guest_transfer()')).rejects.toMatchObject({ code: '42501' });
    const [{ token }] = await asUser<{ token: string }>(guest, 'select begin_guest_transfer() as token');
    await expect(asUser(guest, 'select finish_guest_transfer($1)', [token])).rejects.toMatchObject({ code: '42501' });
    await expect(asUser(account, 'select finish_guest_transfer($1)', ['not-the-token'])).rejects.toMatchObject({ code: 'P0002' });

    const [{ moved }] = await asUser<{ moved: { orders: number } }>(account, 'select finish_guest_transfer($1) as moved', [token]);
    expect(moved).toEqual({ orders: 1 });
    const mine = await asUser<{ reference: string }>(account, 'select reference from orders');
    expect(mine.map((order) => order.reference)).toEqual([placed.status === 'placed' ? placed.reference : '']);
    expect(await asUser(account, 'select quantity from cart_items')).toEqual([{ quantity: 2 }]);
    expect(await asUser(account, 'select city from addresses')).toEqual([{ city: 'Dublin' }]);
    const { rows } = await db.query('select 1 from auth.users where id = $1', [guest]);
    expect(rows).toEqual([]);
    await expect(asUser(account, 'select finish_guest_transfer($1)', [token])).rejects.toMatchObject({ code: 'P0002' });
  });
});
