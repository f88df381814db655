import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

const ROUNDS = 40;
const BUYERS = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];

let cluster: PostgresCluster;
let admin: pg.Client;
let buyers: pg.Client[];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  await migratePostgres(cluster.url);
  admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`
    insert into auth.users (id, email, aud, role) values
      ('${BUYERS[0]}', 'b1@example.test', 'authenticated', 'authenticated'),
      ('${BUYERS[1]}', 'b2@example.test', 'authenticated', 'authenticated');
    insert into categories (slug, name) values ('lighting', 'Lighting');
    insert into items (slug, title, price_cents, stock, category_id) values ('last-lamp', 'Last lamp', 4900, 1, 1);
  `);
  buyers = await Promise.all(
    BUYERS.map(async () => {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      return client;
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([admin, ...buyers].map((client) => client?.end()));
  cluster?.stop();
});

interface PlaceResult {
  status: string;
  order_id?: number;
}

async function placeOrder(client: pg.Client, sub: string, key: string = crypto.randomUUID()): Promise<PlaceResult> {
  await client.query('begin');
  try {
    await client.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ role: 'authenticated', sub }),
    ]);
    const { rows } = await client.query<{ result: PlaceResult }>('select public.place_order($1, $2) as result', [key, TEST_DELIVERY_JSON]);
    await client.query('commit');
    return rows[0]?.result ?? { status: 'none' };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

describe('on a real multi-connection PostgreSQL', () => {
  it(`two buyers racing for the last unit: exactly one order, ${ROUNDS} times, stock never negative`, async () => {
    const tally = { placed: 0, stockChanged: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      await admin.query(`update items set stock = 1 where slug = 'last-lamp'`);
      await admin.query(`delete from cart_items`);
      await admin.query(`insert into cart_items (user_id, item_id, quantity) select u, (select id from items where slug = 'last-lamp'), 1 from unnest($1::uuid[]) u`, [BUYERS]);
      const results = await Promise.all(buyers.map((client, index) => placeOrder(client, BUYERS[index] ?? '')));
      const statuses = results.map((result) => result.status).sort();
      tally.placed += statuses.filter((status) => status === 'placed').length;
      tally.stockChanged += statuses.filter((status) => status === 'stock_changed').length;
      expect(statuses).toEqual(['placed', 'stock_changed']);
      const { rows } = await admin.query<{ stock: number }>(`select stock from items where slug = 'last-lamp'`);
      expect(rows[0]?.stock).toBe(0);
    }
    const { rows } = await admin.query<{ orders: number; min_stock: number }>(
      `select (select count(*)::int from orders) as orders, (select min(stock) from items) as min_stock`,
    );
    expect(rows[0]).toEqual({ orders: ROUNDS, min_stock: 0 });
    console.info(`race: ${ROUNDS} rounds × 2 buyers → ${tally.placed} orders placed, ${tally.stockChanged} told stock changed, final stock 0`);
  }, 120_000);

  it('eight buyers with overlapping carts in every order: no deadlock, no oversell, every unit sold is in an order', async () => {
    const CROWD = Array.from({ length: 8 }, (_, index) => `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`);
    await admin.query(`insert into auth.users (id, email, aud, role) select u, u || '@example.test', 'authenticated', 'authenticated' from unnest($1::uuid[]) u`, [CROWD]);
    await admin.query(`insert into items (slug, title, price_cents, stock, category_id) values ('vase', 'Vase', 1000, 5, 1), ('bowl', 'Bowl', 800, 5, 1), ('jug', 'Jug', 1200, 5, 1)`);
    const crowd = await Promise.all(CROWD.map(async () => {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      return client;
    }));
    try {
      let placed = 0;
      for (let round = 0; round < 15; round++) {
        await admin.query(`update items set stock = 5 where slug in ('vase', 'bowl', 'jug')`);
        await admin.query(`delete from cart_items`);
        // Each buyer wants 2 of two or three of the items; carts overlap, inserted in varying orders.
        for (const [index, buyer] of CROWD.entries()) {
          const wanted = ['vase', 'bowl', 'jug'].filter((_, position) => (index + round + position) % 3 !== 0 || index % 2 === 0);
          for (const slug of index % 2 ? wanted.reverse() : wanted) {
            await admin.query(`insert into cart_items (user_id, item_id, quantity) values ($1, (select id from items where slug = $2), 2)`, [buyer, slug]);
          }
        }
        const wantedUnits = (await admin.query<{ units: number }>(`select coalesce(sum(quantity), 0)::int as units from cart_items`)).rows[0]?.units ?? 0;
        const before = (await admin.query<{ last: number }>(`select coalesce(max(id), 0)::int as last from orders`)).rows[0]?.last ?? 0;
        const results = await Promise.all(crowd.map((client, index) => placeOrder(client, CROWD[index] ?? '')));
        placed += results.filter((result) => result.status === 'placed').length;
        // Every unit that left the shelf is in exactly one of this round's orders, and no shelf went below 0.
        const { rows } = await admin.query<{ slug: string; stock: number; sold: number }>(`
          select i.slug, i.stock, coalesce((select sum(oi.quantity) from order_items oi where oi.item_id = i.id and oi.order_id > $1), 0)::int as sold
          from items i where i.slug in ('vase', 'bowl', 'jug') order by i.slug`, [before]);
        for (const row of rows) {
          expect(row.stock).toBeGreaterThanOrEqual(0);
          expect(row.sold).toBe(5 - row.stock);
        }
        expect(wantedUnits).toBeGreaterThan(15);
      }
      expect(placed).toBeGreaterThan(0);
      console.info(`race: 15 rounds × 8 buyers with overlapping carts → ${placed} orders placed, no deadlock, stock never below 0`);
    } finally {
      await Promise.all(crowd.map((client) => client.end()));
    }
  }, 120_000);

  it('one buyer submitting the same checkout attempt from two connections at once: one order, both get it, 40 times', async () => {
    const [buyer] = BUYERS;
    if (!buyer) throw new Error('no buyer');
    await admin.query(`insert into items (slug, title, price_cents, stock, category_id) values ('twin-lamp', 'Twin lamp', 2900, 1000, 1)`);
    const before = (await admin.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n ?? 0;
    for (let round = 0; round < ROUNDS; round++) {
      await admin.query(`delete from cart_items`);
      await admin.query(`insert into cart_items (user_id, item_id, quantity) values ($1, (select id from items where slug = 'twin-lamp'), 2)`, [buyer]);
      const key = crypto.randomUUID();
      const results = await Promise.all(buyers.map((client) => placeOrder(client, buyer, key)));
      expect(results.map((result) => result.status)).toEqual(['placed', 'placed']);
      expect(results[0]?.order_id).toBe(results[1]?.order_id);
    }
    const { rows } = await admin.query<{ n: number; stock: number }>(
      `select (select count(*)::int from orders) as n, (select stock from items where slug = 'twin-lamp') as stock`,
    );
    expect(rows[0]).toEqual({ n: before + ROUNDS, stock: 1000 - 2 * ROUNDS });
  }, 120_000);

  it(`variants of one product keep their own stock: two buyers each take the last of a different colour, ${ROUNDS} times`, async () => {
    await admin.query(`
      insert into products (slug, title, category_id, published_at) values ('race-chair', 'Race chair', 1, now());
      insert into items (slug, title, price_cents, stock, category_id, product_id, options, image_paths)
      select 'race-chair-' || colour, 'Race chair, ' || colour, 9900, 1, 1, (select id from products where slug = 'race-chair'),
             jsonb_build_object('colour', colour), array['race-chair-' || colour || '/1']
      from unnest(array['oak', 'ash', 'walnut']) colour;
    `);
    for (let round = 0; round < ROUNDS; round++) {
      await admin.query(`update items set stock = 1 where slug like 'race-chair-%'`);
      await admin.query(`delete from cart_items`);
      await admin.query(
        `insert into cart_items (user_id, item_id, quantity)
         values ($1, (select id from items where slug = 'race-chair-oak'), 1), ($2, (select id from items where slug = 'race-chair-ash'), 1)`,
        BUYERS,
      );
      const results = await Promise.all(buyers.map((client, index) => placeOrder(client, BUYERS[index] ?? '')));
      expect(results.map((result) => result.status)).toEqual(['placed', 'placed']);
      const { rows } = await admin.query<{ slug: string; stock: number }>(`select slug, stock from items where slug like 'race-chair-%' order by slug`);
      expect(rows).toEqual([
        { slug: 'race-chair-ash', stock: 0 },
        { slug: 'race-chair-oak', stock: 0 },
        { slug: 'race-chair-walnut', stock: 1 },
      ]);
    }
  }, 120_000);

  it(`a product made a draft while a buyer orders it: the order is placed before or refused after, never half, ${ROUNDS} times`, async () => {
    const [buyer] = BUYERS;
    const [buyerClient, staffClient] = buyers;
    if (!buyer || !buyerClient || !staffClient) throw new Error('no clients');
    const outcomes = { placed: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      await admin.query(`update products set published_at = now() where slug = 'race-chair'`);
      await admin.query(`update items set stock = 5 where slug like 'race-chair-%'`);
      await admin.query(`delete from cart_items`);
      await admin.query(`insert into cart_items (user_id, item_id, quantity) values ($1, (select id from items where slug = 'race-chair-walnut'), 1)`, [buyer]);
      const before = (await admin.query<{ n: number }>(`select count(*)::int as n from order_items oi join items i on i.id = oi.item_id where i.slug = 'race-chair-walnut'`)).rows[0]?.n ?? 0;
      const [order] = await Promise.allSettled([
        placeOrder(buyerClient, buyer),
        staffClient.query(`update products set published_at = null where slug = 'race-chair'`),
      ]);
      const { rows } = await admin.query<{ stock: number; on_sale: boolean; lines: number; cart: number }>(`
        select i.stock, i.on_sale,
               (select count(*)::int from order_items oi where oi.item_id = i.id) as lines,
               (select count(*)::int from cart_items c where c.item_id = i.id) as cart
        from items i where i.slug = 'race-chair-walnut'`);
      const row = rows[0];
      expect(row?.on_sale).toBe(false);
      expect(row?.cart).toBe(0);
      if (order.status === 'fulfilled') {
        expect(order.value.status).toBe('placed');
        expect(row).toMatchObject({ stock: 4, lines: before + 1 });
        outcomes.placed++;
      } else {
        expect(String(order.reason)).toMatch(/Your cart is empty/);
        expect(row).toMatchObject({ stock: 5, lines: before });
        outcomes.refused++;
      }
    }
    console.info(`race: ${ROUNDS} rounds of ordering while the product is made a draft → ${outcomes.placed} placed first, ${outcomes.refused} refused after`);
  }, 120_000);

  it('after every race, each item’s stock is the sum of its movements, and every sale names its order', async () => {
    const mismatches = await admin.query(`
      select i.slug, i.stock, coalesce(sum(m.delta), 0)::int as ledger
      from items i left join stock_movements m on m.item_id = i.id
      group by i.id having i.stock <> coalesce(sum(m.delta), 0)`);
    expect(mismatches.rows).toEqual([]);
    const sales = await admin.query<{ unsold: number; orphaned: number }>(`
      select
        (select coalesce(sum(oi.quantity), 0)::int from order_items oi) + (select coalesce(sum(m.delta), 0)::int from stock_movements m where m.reason = 'sale') as unsold,
        (select count(*)::int from stock_movements m where m.reason = 'sale' and m.order_id is null) as orphaned`);
    // Every unit in an order was taken from stock as a sale of that order, and no sale is anonymous.
    expect(sales.rows[0]).toEqual({ unsold: 0, orphaned: 0 });
  });

  it('applied every migration on this major version', async () => {
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    expect(rows[0]?.server_version).toMatch(new RegExp(`^${cluster.major}\\.`));
    const tables = await admin.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by 1`);
    expect(tables.rows.map((row) => row.tablename)).toEqual(expect.arrayContaining(['cart_items', 'categories', 'items', 'order_items', 'orders']));
  });
});
