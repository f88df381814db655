import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ORDER_WEBHOOK_SECRET } from '../../server/index.ts';
import { createListeningBackend } from '../../server/testing/listening-backend.ts';
import type { TestBackend } from '../../server/testing/test-backend.ts';
import { DEMO_ACCOUNTS, ensureDemoUsers } from '../seed/demo-users.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';
import { TEST_DELIVERY } from './test-delivery.ts';

// The back office's mails without any browser: customers buy and staff ship and take returns
// through REST alone; the database's webhooks (pg_net's worker, running here) call the
// stock-alert and order-confirmation functions, which mail through the local outbox.

let backend: TestBackend;
let tableId: number;
let oakId: number;
let staffToken: string;

const DEMO_STAFF = DEMO_ACCOUNTS.filter((account) => account.staff);
const STOCK_KEEPER = 'stock-keeper@example.test';
const PASSWORD = 'long-enough-password-1';

beforeAll(async () => {
  backend = await createListeningBackend({ projectDir: LUMEN_PROJECT_DIR, workers: true });
  await ensureDemoUsers(backend.serviceClient());
  // A second member of staff, so "every staff member" means more than one.
  const keeper = await signUp(STOCK_KEEPER);
  await backend.ctx.db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [keeper.userId]);
  const { rows } = await backend.ctx.db.query<{ slug: string; id: number }>(`
    with category as (insert into categories (slug, name) values ('tables', 'Tables') returning id),
    product as (
      insert into products (slug, title, category_id, published_at) select 'linden-table', 'Linden table', id, now() from category
      returning id, category_id)
    insert into items (slug, title, price_cents, stock, low_stock_threshold, category_id, product_id, options)
    select v.slug, v.title, v.price, v.stock, 5, product.category_id, product.id, v.options::jsonb from product,
      (values ('linden-table-rust', 'Linden table, Rust', 12900, 7, '{"colour": "Rust"}'),
              ('linden-table-oak', 'Linden table, Oak', 4900, 1000, '{"colour": "Oak"}')) v (slug, title, price, stock, options)
    returning slug, id::int`);
  tableId = rows.find((row) => row.slug === 'linden-table-rust')?.id ?? 0;
  oakId = rows.find((row) => row.slug === 'linden-table-oak')?.id ?? 0;
  staffToken = await signIn(DEMO_STAFF[0]?.email ?? '', DEMO_STAFF[0]?.password ?? '');
});

afterAll(() => backend.close());

const anonHeaders = () => ({ apikey: backend.ctx.keys.anonKey, 'Content-Type': 'application/json' });

const rest = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${backend.ctx.publicUrl}${path}`, { ...init, headers: { ...anonHeaders(), Authorization: `Bearer ${token}`, ...init.headers } });

async function signUp(email: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${backend.ctx.publicUrl}/auth/v1/signup`, { method: 'POST', headers: anonHeaders(), body: JSON.stringify({ email, password: PASSWORD }) });
  const { access_token: token, user } = (await response.json()) as { access_token: string; user: { id: string } };
  return { token, userId: user.id };
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${backend.ctx.publicUrl}/auth/v1/token?grant_type=password`, { method: 'POST', headers: anonHeaders(), body: JSON.stringify({ email, password }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A customer's order of `quantity` of one item, placed through REST. */
async function buy(token: string, itemId: number, quantity: number): Promise<{ orderId: number; reference: string }> {
  expect((await rest('/rest/v1/cart_items', token, { method: 'POST', body: JSON.stringify({ item_id: itemId, quantity }) })).status).toBe(201);
  const response = await rest('/rest/v1/rpc/place_order', token, { method: 'POST', body: JSON.stringify({ idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY }) });
  expect(response.status).toBe(200);
  const { order_id: orderId, reference } = (await response.json()) as { order_id: number; reference: string };
  return { orderId, reference };
}

async function staffCall(fn: string, args: Record<string, unknown>): Promise<unknown> {
  const response = await rest(`/rest/v1/rpc/${fn}`, staffToken, { method: 'POST', body: JSON.stringify(args) });
  const body = (await response.json()) as unknown;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Everything the database queued has been sent, answered and recorded. */
const settled = () => backend.workers?.net?.idle();

const subjectsTo = async (email: string) => (await backend.ctx.mail.list({ to: email })).map((mail) => mail.subject);
const lowStockMailsTo = async (email: string) => (await backend.ctx.mail.list({ to: email })).filter((mail) => mail.subject.startsWith('Low stock'));
const everyStaffMember = () => [...DEMO_STAFF.map((account) => account.email), STOCK_KEEPER];

async function alertStates(itemId: number) {
  const { rows } = await backend.ctx.db.query<{ id: number; stock: number; state: string; attempts: number; last_error: string | null }>(
    'select id::int, stock, state, attempts, last_error from public.stock_alert_states($1)',
    [itemId],
  );
  return rows;
}

/** What stock-alert answered each webhook about the alerts of one variant, oldest first. */
async function stockAlertAnswers(itemId: number) {
  const { rows } = await backend.ctx.db.query<{ hook_name: string; status_code: number; body: unknown }>(
    `select h.hook_name, r.status_code, r.content::jsonb as body
     from supabase_functions.hooks h join net._http_response r on r.id = h.request_id
     where h.hook_name like 'stock_alert%' and (r.content::jsonb ->> 'alert_id')::bigint in (select a.id from private.stock_alerts a where a.item_id = $1)
     order by h.id`,
    [itemId],
  );
  return rows;
}

describe('low-stock alerts', () => {
  it('a sale that takes a variant to its threshold mails each staff member once, the customer only the receipt; more sales while low mail nobody', async () => {
    const customer = 'table-buyer@example.test';
    const { token } = await signUp(customer);
    const { reference } = await buy(token, tableId, 4);
    await settled();

    for (const email of everyStaffMember()) {
      const mails = await lowStockMailsTo(email);
      expect(mails.map((mail) => mail.subject), email).toEqual(['Low stock: Linden table (Rust) — 3 left']);
      expect(mails[0]?.text).toContain('Linden table (Rust) is running low: 3 left in stock, at or under its low-stock threshold of 5.');
      expect(mails[0]?.text).toContain(`Restock it: ${backend.ctx.publicUrl}/admin/items/${tableId}`);
      expect(mails[0]?.text).toContain(`Everything running low: ${backend.ctx.publicUrl}/admin/items?status=low-stock`);
      expect(mails[0]?.html).toContain(`href="${backend.ctx.publicUrl}/admin/items/${tableId}" class="lm-button"`);
    }
    // The customer gets the receipt and nothing about the shop's stock; nor does any other account.
    expect(await subjectsTo(customer)).toEqual([`Your Lumen order ${reference} is confirmed`]);
    for (const account of DEMO_ACCOUNTS.filter((demo) => !demo.staff)) expect(await subjectsTo(account.email)).toEqual([]);
    const [alert] = await alertStates(tableId);
    expect(await alertStates(tableId)).toEqual([{ id: alert?.id, stock: 3, state: 'sent', attempts: 1, last_error: null }]);
    expect(await stockAlertAnswers(tableId)).toEqual([{ hook_name: 'stock_alert_webhook', status_code: 200, body: { alert_id: alert?.id, mailed: 2 } }]);

    // Still low: another sale is no new crossing.
    await buy(token, tableId, 1);
    await settled();
    for (const email of everyStaffMember()) expect(await lowStockMailsTo(email), email).toHaveLength(1);
    expect(await alertStates(tableId)).toHaveLength(1);

    // Restocked above the threshold, then sold down to it again: a new crossing, a new mail each.
    await staffCall('adjust_stock', { item_id: tableId, delta: 8, reason: 'restock' });
    await buy(token, tableId, 6);
    await settled();
    for (const email of everyStaffMember()) {
      expect((await lowStockMailsTo(email)).map((mail) => mail.subject), email).toEqual([
        'Low stock: Linden table (Rust) — 4 left',
        'Low stock: Linden table (Rust) — 3 left',
      ]);
    }
    expect((await alertStates(tableId)).map((row) => [row.stock, row.state])).toEqual([
      [4, 'sent'],
      [3, 'sent'],
    ]);
  });

  it('an alert its sender mailed but never recorded (it died) is not mailed twice when the retry job sends it again', async () => {
    const [latest] = await alertStates(tableId);
    const before = await Promise.all(everyStaffMember().map(lowStockMailsTo));
    // Replay what a sender that died after sending would leave: the alert pending with its claim
    // run out, while its mails (sent with the same idempotency keys) are in the outbox. The variant
    // is still low, so the alert is still worth sending.
    await backend.ctx.db.query(
      `update private.stock_alerts set state = 'pending', sent_at = null, claimed_until = now() - interval '1 second',
         next_attempt_at = now() - interval '1 second' where id = $1`,
      [latest?.id],
    );
    expect((await backend.ctx.db.query<{ requested: number }>('select private.request_due_stock_alerts() as requested')).rows).toEqual([{ requested: 1 }]);
    await settled();
    expect(await Promise.all(everyStaffMember().map(lowStockMailsTo))).toEqual(before);
    expect((await alertStates(tableId))[0]).toMatchObject({ id: latest?.id, state: 'sent', attempts: 2 });
    // And a webhook delivered once more finds nothing to do.
    const again = await callStockAlert({ type: 'INSERT', table: 'stock_alerts', schema: 'private', record: { id: latest?.id } }, { 'x-webhook-secret': LOCAL_ORDER_WEBHOOK_SECRET });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ alert_id: latest?.id, mailed: 0 });
    expect(await Promise.all(everyStaffMember().map(lowStockMailsTo))).toEqual(before);
  });

  it('a failed send leaves the alert pending with the reason, and the retry job mails it later, once each', async () => {
    const { token } = await signUp('outage-buyer@example.test');
    // Ten left, still above the threshold of five.
    await staffCall('adjust_stock', { item_id: oakId, delta: -990, reason: 'correction' });
    // The mail provider is down when the threshold is crossed.
    await backend.ctx.db.exec(`
      create function _dev.refuse_alert_mail() returns trigger language plpgsql as $$
      begin if new.subject like 'Low stock%' then raise exception 'mail provider down'; end if; return new; end $$;
      create trigger refuse_alert_mail before insert on _dev.mail for each row execute function _dev.refuse_alert_mail();`);
    try {
      await buy(token, oakId, 6);
      await settled();
      expect((await alertStates(oakId)).map(({ stock, state, attempts, last_error }) => ({ stock, state, attempts, last_error }))).toEqual([
        { stock: 4, state: 'pending', attempts: 1, last_error: 'the local mail API answered 500' },
      ]);
      const [answer] = await stockAlertAnswers(oakId);
      expect(answer).toMatchObject({ status_code: 500, body: { error: 'Not sent, will be retried: the local mail API answered 500' } });
      for (const email of everyStaffMember()) expect((await lowStockMailsTo(email)).some((mail) => mail.subject.includes('Oak')), email).toBe(false);
    } finally {
      await backend.ctx.db.exec('drop trigger refuse_alert_mail on _dev.mail; drop function _dev.refuse_alert_mail();');
    }

    // The backoff has passed: the pg_cron job (every 30 s) asks the webhook again.
    await backend.ctx.db.query(`update private.stock_alerts set next_attempt_at = now() where item_id = $1`, [oakId]);
    await backend.ctx.db.query('select private.request_due_stock_alerts()');
    await settled();
    for (const email of everyStaffMember()) {
      expect((await lowStockMailsTo(email)).filter((mail) => mail.subject.includes('Oak')).map((mail) => mail.subject), email).toEqual([
        'Low stock: Linden table (Oak) — 4 left',
      ]);
    }
    expect((await alertStates(oakId)).map(({ state, attempts }) => ({ state, attempts }))).toEqual([{ state: 'sent', attempts: 2 }]);
    await staffCall('adjust_stock', { item_id: oakId, delta: 1_000, reason: 'restock' });
  });

  it('refuses calls without the secret alike, and answers calls with it that are not about an alert with 4xx', async () => {
    const [alert] = await alertStates(tableId);
    const payload = { type: 'INSERT', table: 'stock_alerts', schema: 'private', record: { id: alert?.id } };
    const refused = { error: "Only the database's stock-alert webhooks may call this function (x-webhook-secret)." };
    const strangers: Record<string, string>[] = [{}, { 'x-webhook-secret': 'not-the-secret' }, { Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}` }];
    for (const headers of strangers) {
      const response = await callStockAlert(payload, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(refused);
    }
    expect((await callStockAlert(null, {}, 'GET')).status).toBe(401);

    const withSecret = { 'x-webhook-secret': LOCAL_ORDER_WEBHOOK_SECRET };
    expect((await callStockAlert(null, withSecret, 'GET')).status).toBe(405);
    for (const body of [
      { alert_id: 1 },
      { type: 'INSERT', table: 'orders', schema: 'public', record: { id: alert?.id } },
      ...[1e308, 2 ** 53, -1, 1.5, '1'].map((id) => ({ type: 'INSERT', table: 'stock_alerts', schema: 'private', record: { id } })),
    ]) {
      const response = await callStockAlert(body, withSecret);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: 'Send a Database Webhook payload for private.stock_alerts.' });
    }
    const unknown = await callStockAlert({ ...payload, record: { id: 2_000_000_000 } }, withSecret);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Stock alert 2000000000 was not found.' });
  });
});

describe('shipping and return mails', () => {
  it('an order shipped with a carrier and tracking number is mailed with both and the tracking link; a return is mailed with what came back', async () => {
    const customer = 'parcel@example.test';
    const { token } = await signUp(customer);
    const { orderId, reference } = await buy(token, oakId, 2);
    await settled();
    await staffCall('set_order_status', { order_id: orderId, status: 'packed' });
    await staffCall('ship_order', { order_id: orderId, carrier: 'dhl', tracking_number: ' jd 0146  0000 12 ' });
    await settled();

    const trackingUrl = 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD0146000012';
    const [shipped] = await backend.ctx.mail.list({ to: customer });
    expect(shipped?.subject).toBe(`Your Lumen order ${reference} is on its way`);
    expect(shipped?.text).toContain('Your order is on its way with DHL. Tracking number: JD 0146 0000 12');
    expect(shipped?.text).toContain(`Track your parcel: ${trackingUrl}`);
    expect(shipped?.links).toContain(trackingUrl);
    expect(shipped?.html).toContain(`<a href="${trackingUrl.replace('&', '&amp;')}" class="lm-button"`);

    await staffCall('set_order_status', { order_id: orderId, status: 'delivered' });
    const { rows } = await backend.ctx.db.query<{ id: number }>('select id::int from public.order_items where order_id = $1', [orderId]);
    const recorded = (await staffCall('record_return', { order_id: orderId, lines: [{ order_item_id: rows[0]?.id, quantity: 1 }] })) as { return_id: number; refund_cents: number };
    expect(recorded.refund_cents).toBe(4_900);
    await settled();

    const mails = await backend.ctx.mail.list({ to: customer });
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your return for order ${reference} is recorded`,
      `Your Lumen order ${reference} was delivered`,
      `Your Lumen order ${reference} is on its way`,
      `Your Lumen order ${reference} is confirmed`,
    ]);
    expect(mails[0]?.text).toContain(`We have recorded the return of these items from order ${reference}.\n\n  1 × Linden table, Oak — €49.00\n\nRefund due: €49.00\n`);
    expect(mails[0]?.text).toContain('We will be in touch about the refund.');

    // The rest comes back in a second return: a mail of its own, with its own line.
    await staffCall('record_return', { order_id: orderId, lines: [{ order_item_id: rows[0]?.id, quantity: 1 }], restock: false });
    await settled();
    const [second, first] = (await backend.ctx.mail.list({ to: customer })).filter((mail) => mail.subject.startsWith('Your return'));
    expect(second?.text).toContain('  1 × Linden table, Oak — €49.00\n\nRefund due: €49.00\n');
    expect(second?.id).not.toBe(first?.id);
    const { rows: notifications } = await backend.ctx.db.query(
      `select kind, state from private.order_notifications where order_id = $1 and kind = 'return' order by id`,
      [orderId],
    );
    expect(notifications).toEqual([
      { kind: 'return', state: 'sent' },
      { kind: 'return', state: 'sent' },
    ]);
  });
});

function callStockAlert(body: unknown, headers: Record<string, string> = {}, method = 'POST') {
  return fetch(`${backend.ctx.publicUrl}/functions/v1/stock-alert`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
}
