import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ORDER_WEBHOOK_SECRET } from '../../server/index.ts';
import { openDatabase, runMigrations } from '../../server/testing/database.ts';
import { LUMEN_PROJECT_DIR, asActor, openLumenDatabase } from './lumen-database.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

// The database side of receipts and cancellation mails (…_order_notifications.sql), on PGlite with
// no worker running: what the webhooks queue in pg_net, and the claim / complete / fail protocol the
// order-confirmation function follows. The function and the worker are tested end to end in
// order-mail.test.ts.

const BUYER = '00000000-0000-4000-8000-0000000000e1';
const FUNCTION_URL = 'http://kong:8000/functions/v1/order-confirmation';

let db: Database;

interface Claimed {
  order_id: number;
  status: string;
  email: string | null;
  lines: { title: string; quantity: number; unit_price_cents: number }[];
  notifications: { id: number; kind: string }[];
}

async function asBuyer<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
      JSON.stringify({ role: 'authenticated', sub: BUYER }),
    ]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

async function asService<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true), set_config('role', 'service_role', true)`);
    return (await tx.query<T>(sql, params)).rows;
  });
}

async function placeOrder(): Promise<number> {
  await asBuyer(`insert into cart_items (item_id, quantity) select id, 2 from items where slug = 'vase'`);
  const [placed] = await asBuyer<{ result: { order_id: number } }>('select public.place_order($1, $2) as result', [crypto.randomUUID(), TEST_DELIVERY_JSON]);
  return placed?.result.order_id ?? 0;
}

async function claim(orderId: number): Promise<Claimed | null> {
  const [row] = await asService<{ claimed: Claimed | null }>('select public.claim_order_notifications($1) as claimed', [orderId]);
  return row?.claimed ?? null;
}

async function notifications(orderId: number) {
  const { rows } = await db.query<{ kind: string; state: string; attempts: number; claimed: boolean; error: string | null }>(
    `select kind, state, attempts, claimed_until > now() as claimed, last_error as error
     from private.order_notifications where order_id = $1 order by id`,
    [orderId],
  );
  return rows;
}

async function orderStatus(orderId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>('select status from orders where id = $1', [orderId]);
  return rows[0]?.status;
}

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.exec(`
    insert into auth.users (id, email, aud, role) values ('${BUYER}', 'buyer@example.test', 'authenticated', 'authenticated');
    insert into categories (slug, name) values ('decor', 'Decor');
    insert into items (slug, title, price_cents, stock, category_id) values ('vase', 'Vase', 2500, 1000, 1);
  `);
});

beforeEach(async () => {
  await db.exec('delete from net.http_request_queue');
});

afterAll(() => db.close());

describe('webhooks on orders', () => {
  it('placing an order queues its receipt and a Database Webhook call to order-confirmation, after commit only', async () => {
    const orderId = await placeOrder();
    expect(await notifications(orderId)).toEqual([{ kind: 'receipt', state: 'pending', attempts: 0, claimed: null, error: null }]);
    const { rows } = await db.query<{ url: string; method: string; payload: { type: string; table: string; schema: string; record: { id: number; status: string } } }>(
      `select url, method, convert_from(body, 'UTF8')::jsonb as payload from net.http_request_queue`,
    );
    expect(rows).toEqual([
      { url: FUNCTION_URL, method: 'POST', payload: expect.objectContaining({ type: 'INSERT', table: 'orders', schema: 'public', old_record: null }) },
    ]);
    expect(rows[0]?.payload.record).toMatchObject({ id: orderId, status: 'placed' });
    const hooks = await db.query(`select hook_name from supabase_functions.hooks h join net.http_request_queue q on q.id = h.request_id`);
    expect(hooks.rows).toEqual([{ hook_name: 'order_confirmation_webhook' }]);

    // An order that rolls back (stock ran out, say) calls nothing.
    await db.exec('delete from net.http_request_queue');
    await db.transaction(async (tx) => {
      await tx.query(`update items set stock = 0 where slug = 'vase'`);
      await tx.rollback();
    });
    expect((await db.query('select count(*)::int as n from net.http_request_queue')).rows).toEqual([{ n: 0 }]);
  });

  it('sends the Vault secret order_webhook_secret as x-webhook-secret, read when the webhook fires', async () => {
    const secretHeaders = async () =>
      (await db.query<{ secret: string | null }>(`select headers ->> 'x-webhook-secret' as secret from net.http_request_queue order by id`)).rows.map((row) => row.secret);
    const local = (await db.query<{ value: string }>(`select decrypted_secret as value from vault.decrypted_secrets where name = 'order_webhook_secret'`)).rows[0]?.value;
    expect(local).toBe(LOCAL_ORDER_WEBHOOK_SECRET);
    await placeOrder();
    expect(await secretHeaders()).toEqual([LOCAL_ORDER_WEBHOOK_SECRET]);
    // Not a trigger argument: nothing in the catalog holds it.
    const { rows: triggers } = await db.query<{ definition: string }>(
      `select pg_get_triggerdef(t.oid) as definition from pg_trigger t where t.tgname like '%webhook' order by t.tgname`,
    );
    // Placed, cancelled, shipping, a return and the retry of order mails; a low-stock alert and its retry.
    expect(triggers).toHaveLength(7);
    for (const trigger of triggers) {
      expect(trigger.definition).toMatch(/EXECUTE FUNCTION private\.call_edge_function_webhook\('(order-confirmation|stock-alert)'\)$/);
    }

    try {
      // Rotated: the next webhook sends the new value, with nothing reinstalled.
      await db.exec(`select vault.update_secret(id, 'rotated-secret') from vault.secrets where name = 'order_webhook_secret'`);
      await db.exec('delete from net.http_request_queue');
      await placeOrder();
      expect(await secretHeaders()).toEqual(['rotated-secret']);

      // Gone: the order is still placed and the function still called, with no credential (it refuses).
      await db.exec(`delete from vault.secrets where name = 'order_webhook_secret'`);
      await db.exec('delete from net.http_request_queue');
      const orderId = await placeOrder();
      expect(await orderStatus(orderId)).toBe('placed');
      expect(await secretHeaders()).toEqual([null]);
    } finally {
      await db.exec(`delete from vault.secrets where name = 'order_webhook_secret'`);
      await db.query(`select vault.create_secret($1, 'order_webhook_secret')`, [LOCAL_ORDER_WEBHOOK_SECRET]);
    }
  });

  it('cancelling queues the cancellation mail and calls the function with the update', async () => {
    const orderId = await placeOrder();
    await db.exec('delete from net.http_request_queue');
    await asBuyer('select public.cancel_order($1)', [orderId]);
    expect((await notifications(orderId)).map((n) => n.kind)).toEqual(['receipt', 'cancellation']);
    const { rows } = await db.query<{ payload: { type: string; record: { status: string }; old_record: { status: string } } }>(
      `select convert_from(body, 'UTF8')::jsonb as payload from net.http_request_queue`,
    );
    expect(rows.map((row) => [row.payload.type, row.payload.old_record.status, row.payload.record.status])).toEqual([['UPDATE', 'placed', 'cancelled']]);
  });

  it('keeps the notifications and the claim protocol away from customers', async () => {
    const orderId = await placeOrder();
    for (const sql of [
      'select public.claim_order_notifications($1)',
      'select public.complete_order_notification($1)',
      `select public.fail_order_notification($1, 'x')`,
      'select * from private.order_notifications where order_id = $1',
    ]) {
      await expect(asActor(db, { role: 'authenticated', sub: BUYER }, (tx) => tx.query(sql, [orderId]))).rejects.toThrow(/permission denied/);
    }
  });
});

describe('claim, complete and fail', () => {
  it('confirms a placed order only when its receipt is recorded as sent, once', async () => {
    const orderId = await placeOrder();
    const claimed = await claim(orderId);
    expect(claimed).toMatchObject({ order_id: orderId, status: 'placed', email: 'buyer@example.test', lines: [{ title: 'Vase', quantity: 2, unit_price_cents: 2500 }] });
    expect(claimed?.notifications.map((n) => n.kind)).toEqual(['receipt']);
    expect(await orderStatus(orderId)).toBe('placed');

    // A second caller meanwhile (the webhook fired twice) gets nothing to send.
    expect((await claim(orderId))?.notifications).toEqual([]);

    const receipt = claimed?.notifications[0]?.id;
    await asService('select public.complete_order_notification($1)', [receipt]);
    expect(await orderStatus(orderId)).toBe('confirmed');
    expect(await notifications(orderId)).toEqual([{ kind: 'receipt', state: 'sent', attempts: 1, claimed: null, error: null }]);
    await asService('select public.complete_order_notification($1)', [receipt]);
    expect((await claim(orderId))?.notifications).toEqual([]);
    expect(await claim(2_000_000_000)).toBeNull();
  });

  it('backs off after a failed send and stays placed until a later attempt succeeds', async () => {
    const orderId = await placeOrder();
    const first = (await claim(orderId))?.notifications[0]?.id;
    await asService(`select public.fail_order_notification($1, 'the mail provider answered 503')`, [first]);
    expect(await notifications(orderId)).toEqual([{ kind: 'receipt', state: 'pending', attempts: 1, claimed: null, error: 'the mail provider answered 503' }]);
    const { rows } = await db.query<{ wait: number }>(
      `select round(extract(epoch from next_attempt_at - now()))::int as wait from private.order_notifications where order_id = $1`,
      [orderId],
    );
    expect(rows[0]?.wait).toBe(30);
    // Not due yet: nobody may take it, however often the webhook is called.
    expect((await claim(orderId))?.notifications).toEqual([]);

    await db.query(`update private.order_notifications set next_attempt_at = now() - interval '1 second' where order_id = $1`, [orderId]);
    const second = (await claim(orderId))?.notifications[0]?.id;
    expect(second).toBe(first);
    await asService(`select public.fail_order_notification($1, 'again')`, [second]);
    const { rows: later } = await db.query<{ wait: number }>(
      `select round(extract(epoch from next_attempt_at - now()))::int as wait from private.order_notifications where order_id = $1`,
      [orderId],
    );
    expect(later[0]?.wait).toBe(60);
    expect(await orderStatus(orderId)).toBe('placed');
  });

  it('lets a notification go when its sender died, so another sender takes it', async () => {
    const orderId = await placeOrder();
    await claim(orderId);
    // The sender held it for 2 minutes and vanished.
    await db.query(`update private.order_notifications set claimed_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second' where order_id = $1`, [orderId]);
    expect((await claim(orderId))?.notifications.map((n) => n.kind)).toEqual(['receipt']);
    expect((await notifications(orderId))[0]?.attempts).toBe(2);
  });

  it('skips the receipt of an order cancelled before it was confirmed, and sends the cancellation', async () => {
    const orderId = await placeOrder();
    await asBuyer('select public.cancel_order($1)', [orderId]);
    const claimed = await claim(orderId);
    expect(claimed?.notifications.map((n) => n.kind)).toEqual(['cancellation']);
    await asService('select public.complete_order_notification($1)', [claimed?.notifications[0]?.id]);
    expect((await notifications(orderId)).map((n) => [n.kind, n.state])).toEqual([
      ['receipt', 'skipped'],
      ['cancellation', 'sent'],
    ]);
    expect(await orderStatus(orderId)).toBe('cancelled');
  });
});

describe('the retry job', () => {
  it('is scheduled with pg_cron every 30 seconds', async () => {
    const { rows } = await db.query(`select schedule, command, active from cron.job where jobname = 'order-notification-retries'`);
    expect(rows).toEqual([{ schedule: '30 seconds', command: 'select private.request_due_order_notifications()', active: true }]);
  });

  it('asks the webhook again for each due notification no sender holds, at most once a minute', async () => {
    await db.exec(`update private.order_notifications set state = 'sent' where state = 'pending'`);
    const waiting = await placeOrder();
    const held = await placeOrder();
    await claim(held);
    await db.query(`update private.order_notifications set next_attempt_at = now() - interval '1 second' where order_id in ($1, $2)`, [waiting, held]);
    await db.exec('delete from net.http_request_queue');

    // Only the job (as postgres) runs it; no API role can.
    await expect(asService('select private.request_due_order_notifications()')).rejects.toThrow(/permission denied/);
    const { rows } = await db.query<{ n: number }>('select private.request_due_order_notifications() as n');
    expect(rows[0]?.n).toBe(1);
    const queued = await db.query<{ payload: { table: string; schema: string; record: { order_id: number; kind: string } } }>(
      `select convert_from(body, 'UTF8')::jsonb as payload from net.http_request_queue`,
    );
    expect(queued.rows.map((row) => [row.payload.schema, row.payload.table, row.payload.record.order_id, row.payload.record.kind])).toEqual([
      ['private', 'order_notifications', waiting, 'receipt'],
    ]);
    expect((await db.query<{ n: number }>('select private.request_due_order_notifications() as n')).rows[0]?.n).toBe(0);
  });
});

describe('a project without the webhook secret', () => {
  it('migrates (a hosted project may create the secret later) and calls the function without a credential', async () => {
    const bare = await openDatabase({ dataDir: null });
    try {
      await bare.exec(`delete from vault.secrets where name = 'order_webhook_secret'`);
      await runMigrations(bare, LUMEN_PROJECT_DIR);
      await bare.exec(`
        insert into auth.users (id, email, aud, role) values ('${BUYER}', 'buyer@example.test', 'authenticated', 'authenticated');
        insert into orders (user_id, total_cents, item_count) values ('${BUYER}', 100, 1);`);
      const { rows } = await bare.query<{ url: string; headers: Record<string, string> }>('select url, headers from net.http_request_queue');
      expect(rows).toEqual([{ url: FUNCTION_URL, headers: { 'Content-Type': 'application/json' } }]);
    } finally {
      await bare.close();
    }
  }, 120_000);
});
