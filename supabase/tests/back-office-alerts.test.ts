import type { Database } from '../../server/index.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ORDER_WEBHOOK_SECRET } from '../../server/index.ts';
import {
  type Person,
  SERVICE,
  VISITOR,
  addItems,
  addPeople,
  as,
  call,
  claimsOf,
  openBackOfficeDatabase,
  placeOrder,
  refusal,
  stockOf,
} from './back-office-fixtures.ts';

// Low-stock alerts (private.stock_alerts, …_back_office.sql): one per time a variant on sale
// crosses from above its threshold to at or under it (a sale, damage, the threshold raised), none
// while it stays low, none for drafts and archived variants; the Database Webhook that calls the
// stock-alert function; and the claim / complete / fail protocol that function follows, which only
// the service role may use. On PGlite, or PostgreSQL with LUMEN_TEST_DB=postgres. Concurrent
// purchases crossing together: back-office-races.test.ts.

const STAFF: Person = { id: '00000000-0000-4000-8000-0000000003a1', email: 'staff@example.test', name: 'Sam Staff', staff: true };
const OPS: Person = { id: '00000000-0000-4000-8000-0000000003a2', email: 'ops@example.test', name: null, staff: true };
const BUYER: Person = { id: '00000000-0000-4000-8000-0000000003b1', email: 'buyer@example.test', name: 'Bea Buyer' };
const FUNCTION_URL = 'http://kong:8000/functions/v1/stock-alert';

let db: Database;
let backend: TestBackend;
let nextSlug = 0;

interface Alert {
  id: number;
  stock: number;
  threshold: number;
  state: string;
  attempts: number;
  last_error: string | null;
}

/** A fresh variant on sale with `stock` and `threshold`. */
async function variant(stock: number, threshold = 5): Promise<number> {
  nextSlug += 1;
  const ids = await addItems(db, [{ slug: `alert-item-${nextSlug}`, title: `Alert item ${nextSlug}`, price_cents: 1000, stock, low_stock_threshold: threshold }]);
  return ids[`alert-item-${nextSlug}`] ?? 0;
}

/** The variant's alerts, oldest first. */
async function alertsOf(itemId: number): Promise<Alert[]> {
  const { rows } = await db.query<Alert>(
    'select id::int, stock, threshold, state, attempts, last_error from private.stock_alerts where item_id = $1 order by id',
    [itemId],
  );
  return rows;
}

async function buy(itemId: number, quantity: number): Promise<number> {
  return (await placeOrder(db, BUYER, [[itemId, quantity]])).id;
}

async function adjust(itemId: number, delta: number, reason: string): Promise<void> {
  await call(db, claimsOf(STAFF), 'public.adjust_stock($1, $2, $3)', [itemId, delta, reason]);
}

async function setThreshold(itemId: number, threshold: number): Promise<void> {
  const rows = await as(db, claimsOf(STAFF), 'update items set low_stock_threshold = $2 where id = $1 returning id', [itemId, threshold]);
  expect(rows).toHaveLength(1);
}

interface Claimed {
  alert_id: number;
  claimed: boolean;
  created_at: string;
  stock_at_alert: number;
  item: { id: number; product_id: number; title: string; slug: string; options: Record<string, string>; stock: number; threshold: number };
  product: { id: number; title: string };
  recipients: string[];
}

async function claim(alertId: number): Promise<Claimed | null> {
  return call<Claimed | null>(db, SERVICE, 'public.claim_stock_alert($1)', [alertId]);
}

/** Seconds until the alert may be tried again, from the caller's clock. */
async function waitOf(alertId: number): Promise<number> {
  const { rows } = await db.query<{ wait: number }>('select round(extract(epoch from next_attempt_at - now()))::int as wait from private.stock_alerts where id = $1', [alertId]);
  return rows[0]?.wait ?? -1;
}

beforeAll(async () => {
  ({ db, backend } = await openBackOfficeDatabase());
  await addPeople(db, [STAFF, OPS, BUYER]);
});

beforeEach(async () => {
  await db.exec('delete from net.http_request_queue');
});

afterAll(async () => {
  await backend?.close();
});

describe('a low-stock alert', () => {
  it('is raised once when a sale takes a variant to its threshold; more sales while it stays low raise none', async () => {
    const item = await variant(10);
    await buy(item, 4);
    expect(await alertsOf(item)).toEqual([]);
    const order = await buy(item, 1);
    expect(await alertsOf(item)).toEqual([{ id: expect.any(Number), stock: 5, threshold: 5, state: 'pending', attempts: 0, last_error: null }]);
    await buy(item, 2);
    await adjust(item, -1, 'damage');
    // A cancellation putting stock back under the threshold is no crossing either.
    await call(db, claimsOf(BUYER), 'public.cancel_order($1)', [order]);
    expect(await stockOf(db, item)).toBe(3);
    expect(await alertsOf(item)).toHaveLength(1);
  });

  it('is raised again after a restock above the threshold and a sale below it', async () => {
    const item = await variant(6);
    await buy(item, 1);
    await adjust(item, 10, 'restock');
    expect(await alertsOf(item)).toHaveLength(1);
    await buy(item, 10);
    expect((await alertsOf(item)).map((alert) => [alert.stock, alert.threshold])).toEqual([
      [5, 5],
      [5, 5],
    ]);
  });

  it('is raised by damage written off, and by the threshold raised over the stock; lowering it raises none', async () => {
    const damaged = await variant(8);
    await adjust(damaged, -6, 'damage');
    expect((await alertsOf(damaged)).map((alert) => alert.stock)).toEqual([2]);

    const item = await variant(8, 5);
    await setThreshold(item, 8);
    expect((await alertsOf(item)).map((alert) => [alert.stock, alert.threshold])).toEqual([[8, 8]]);
    // Lowered under the stock: no longer low, and no alert for that.
    await setThreshold(item, 3);
    const { rows } = await db.query('select low_stock from items where id = $1', [item]);
    expect(rows).toEqual([{ low_stock: false }]);
    await setThreshold(item, 2);
    expect(await alertsOf(item)).toHaveLength(1);
    // A customer cannot move it (the row is not theirs to update).
    expect(await as(db, claimsOf(BUYER), 'update items set low_stock_threshold = 50 where id = $1 returning id', [item])).toEqual([]);
    // Raised over it again: a new crossing.
    await setThreshold(item, 20);
    expect((await alertsOf(item)).map((alert) => [alert.stock, alert.threshold])).toEqual([
      [8, 8],
      [8, 20],
    ]);
  });

  it('is not raised for a variant nobody can buy: a draft product’s, or an archived one', async () => {
    const draft = await variant(8);
    await db.query(`update products set published_at = null where id = (select product_id from items where id = $1)`, [draft]);
    const archived = await variant(8);
    await as(db, claimsOf(STAFF), 'update items set archived_at = now() where id = $1', [archived]);
    for (const item of [draft, archived]) {
      await adjust(item, -7, 'damage');
      await setThreshold(item, 10);
      expect(await stockOf(db, item)).toBe(1);
      expect(await alertsOf(item)).toEqual([]);
    }
  });

  it('calls the stock-alert function through a Database Webhook with the shared secret, after commit', async () => {
    const item = await variant(6);
    await buy(item, 2);
    const [alert] = await alertsOf(item);
    const { rows } = await db.query<{ url: string; secret: string; payload: { type: string; table: string; schema: string; record: { id: number; item_id: number }; old_record: null } }>(
      `select url, headers ->> 'x-webhook-secret' as secret, convert_from(body, 'UTF8')::jsonb as payload from net.http_request_queue where url like '%/stock-alert'`,
    );
    expect(rows).toEqual([
      {
        url: FUNCTION_URL,
        secret: LOCAL_ORDER_WEBHOOK_SECRET,
        payload: expect.objectContaining({ type: 'INSERT', table: 'stock_alerts', schema: 'private', old_record: null }),
      },
    ]);
    expect(rows[0]?.payload.record).toMatchObject({ id: alert?.id, item_id: item, stock: 4, threshold: 5, state: 'pending' });
  });

  it('stays away from customers and staff: the table and the protocol are the service role’s', async () => {
    const item = await variant(6);
    await buy(item, 3);
    const [alert] = await alertsOf(item);
    for (const claims of [claimsOf(BUYER), claimsOf(STAFF), VISITOR]) {
      for (const sql of [
        'select * from private.stock_alerts where id = $1',
        'select public.claim_stock_alert($1)',
        'select public.complete_stock_alert($1)',
        `select public.fail_stock_alert($1, 'x')`,
        'select * from public.stock_alert_states($1)',
      ]) {
        const refused = await refusal(db, claims, sql, [sql.includes('states') ? item : alert?.id]);
        expect(refused, `${claims.sub ?? 'anon'}: ${sql}`).toMatchObject({ code: '42501', message: expect.stringMatching(/^permission denied for (schema private|function)/) });
      }
    }
    expect(await alertsOf(item)).toMatchObject([{ state: 'pending', attempts: 0 }]);
  });
});

describe('claim, complete and fail', () => {
  it('hands the sender the variant as it is now, its product and the staff who may change stock — never the customer', async () => {
    const item = await variant(7);
    await buy(item, 3);
    const [alert] = await alertsOf(item);
    await buy(item, 1);
    const claimed = await claim(alert?.id ?? 0);
    const { rows } = await db.query<{ product_id: number; product: string; slug: string }>(
      'select i.product_id::int, p.title as product, i.slug from items i join products p on p.id = i.product_id where i.id = $1',
      [item],
    );
    expect(claimed).toEqual({
      alert_id: alert?.id,
      claimed: true,
      created_at: expect.any(String),
      stock_at_alert: 4,
      item: { id: item, product_id: rows[0]?.product_id, title: `Alert item ${nextSlug}`, slug: rows[0]?.slug, options: {}, stock: 3, threshold: 5 },
      product: { id: rows[0]?.product_id, title: rows[0]?.product },
      recipients: [OPS.email, STAFF.email],
    });
    expect(claimed?.recipients).not.toContain(BUYER.email);
    expect(await claim(2_000_000_000)).toBeNull();
  });

  it('gives one sender at a time the alert; completing marks it sent for good', async () => {
    const item = await variant(6);
    await buy(item, 2);
    const [alert] = await alertsOf(item);
    const id = alert?.id ?? 0;
    expect((await claim(id))?.claimed).toBe(true);
    // The webhook fired twice: the second sender is told not to send.
    expect((await claim(id))?.claimed).toBe(false);
    await call(db, SERVICE, 'public.complete_stock_alert($1)', [id]);
    expect(await alertsOf(item)).toMatchObject([{ state: 'sent', attempts: 1 }]);
    const states = await as<{ id: number; state: string; sent: boolean }>(db, SERVICE, 'select id::int, state, sent_at is not null as sent from public.stock_alert_states($1)', [item]);
    expect(states).toEqual([{ id, state: 'sent', sent: true }]);
    // Sent is final: neither a late claim nor a late failure reopens it.
    await call(db, SERVICE, `public.fail_stock_alert($1, 'late')`, [id]);
    expect((await claim(id))?.claimed).toBe(false);
    expect(await alertsOf(item)).toMatchObject([{ state: 'sent', attempts: 1, last_error: null }]);
  });

  it('backs off after a failed send (30 s, then 60 s) and hands the alert out again once due', async () => {
    const item = await variant(6);
    await buy(item, 1);
    const [alert] = await alertsOf(item);
    const id = alert?.id ?? 0;
    expect((await claim(id))?.claimed).toBe(true);
    await call(db, SERVICE, `public.fail_stock_alert($1, 'the mail provider answered 503')`, [id]);
    expect(await alertsOf(item)).toMatchObject([{ state: 'pending', attempts: 1, last_error: 'the mail provider answered 503' }]);
    expect(await waitOf(id)).toBe(30);
    expect((await claim(id))?.claimed).toBe(false);

    await db.query(`update private.stock_alerts set next_attempt_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await claim(id))?.claimed).toBe(true);
    await call(db, SERVICE, `public.fail_stock_alert($1, 'again')`, [id]);
    expect(await waitOf(id)).toBe(60);
    expect(await alertsOf(item)).toMatchObject([{ state: 'pending', attempts: 2, last_error: 'again' }]);
  });

  it('skips an alert whose variant was restocked meanwhile, or taken off sale', async () => {
    const restocked = await variant(6);
    await buy(restocked, 1);
    await adjust(restocked, 20, 'restock');
    const taken = await variant(6);
    await buy(taken, 1);
    await as(db, claimsOf(STAFF), 'update items set archived_at = now() where id = $1', [taken]);
    for (const item of [restocked, taken]) {
      const [alert] = await alertsOf(item);
      expect((await claim(alert?.id ?? 0))?.claimed).toBe(false);
      expect(await alertsOf(item)).toMatchObject([{ state: 'skipped', attempts: 0 }]);
    }
  });

  it('skips an alert when nobody may change stock (no staff to tell)', async () => {
    const item = await variant(6);
    await buy(item, 1);
    const [alert] = await alertsOf(item);
    await db.transaction(async (tx) => {
      await tx.query('delete from user_roles');
      await tx.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true), set_config('role', 'service_role', true)`);
      const { rows } = await tx.query<{ claimed: Claimed }>('select public.claim_stock_alert($1) as claimed', [alert?.id]);
      expect(rows[0]?.claimed).toMatchObject({ claimed: false, recipients: [] });
      await tx.query('reset role');
      expect((await tx.query('select state from private.stock_alerts where id = $1', [alert?.id])).rows).toEqual([{ state: 'skipped' }]);
      await tx.rollback();
    });
    expect(await alertsOf(item)).toMatchObject([{ state: 'pending' }]);
  });

  it('lists where the alerts stand, newest first, for one variant or all', async () => {
    const item = await variant(6);
    await buy(item, 1);
    await adjust(item, 10, 'restock');
    await buy(item, 10);
    const alerts = await alertsOf(item);
    const states = await as<{ id: number; item_id: number; stock: number; state: string }>(db, SERVICE, 'select id::int, item_id::int, stock, state from public.stock_alert_states($1)', [
      item,
    ]);
    expect(states).toEqual([...alerts].reverse().map((alert) => ({ id: alert.id, item_id: item, stock: alert.stock, state: alert.state })));
    const all = await as<{ id: number }>(db, SERVICE, 'select id::int from public.stock_alert_states()');
    expect(all[0]?.id).toBe(alerts.at(-1)?.id);
    expect(all.map((row) => row.id)).toEqual([...all.map((row) => row.id)].sort((a, b) => b - a));
  });
});

describe('the retry job', () => {
  it('is scheduled with pg_cron every 30 seconds', async () => {
    const { rows } = await db.query(`select schedule, command, active from cron.job where jobname = 'stock-alert-retries'`);
    expect(rows).toEqual([{ schedule: '30 seconds', command: 'select private.request_due_stock_alerts()', active: true }]);
  });

  it('asks the webhook again for each due alert no sender holds, at most once a minute', async () => {
    await db.exec(`update private.stock_alerts set state = 'sent' where state = 'pending'`);
    const waiting = await variant(6);
    await buy(waiting, 1);
    const held = await variant(6);
    await buy(held, 1);
    const [waitingAlert] = await alertsOf(waiting);
    const [heldAlert] = await alertsOf(held);
    await claim(heldAlert?.id ?? 0);
    await db.query(`update private.stock_alerts set next_attempt_at = now() - interval '1 second' where id in ($1, $2)`, [waitingAlert?.id, heldAlert?.id]);
    await db.exec('delete from net.http_request_queue');

    expect(await refusal(db, SERVICE, 'select private.request_due_stock_alerts()')).toMatchObject({ code: '42501' });
    expect((await db.query<{ n: number }>('select private.request_due_stock_alerts() as n')).rows).toEqual([{ n: 1 }]);
    const { rows } = await db.query<{ url: string; payload: { type: string; record: { id: number } } }>(
      `select url, convert_from(body, 'UTF8')::jsonb as payload from net.http_request_queue`,
    );
    expect(rows.map((row) => [row.url, row.payload.type, row.payload.record.id])).toEqual([[FUNCTION_URL, 'UPDATE', waitingAlert?.id]]);
    expect((await db.query<{ n: number }>('select private.request_due_stock_alerts() as n')).rows).toEqual([{ n: 0 }]);
  });
});
