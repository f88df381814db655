import type { Database } from '../../server/index.ts';
import { createTestBackend, type TestBackend } from '../../server/testing/test-backend.ts';
import { LUMEN_PROJECT_DIR } from './lumen-database.ts';
import { TEST_DELIVERY_JSON } from './test-delivery.ts';

// What the back-office database tests share (back-office-*.test.ts, each on a database of its own):
// callers described by their token's claims, people, items, and orders moved along the real way
// (placed by the buyer, confirmed as the receipt function does, packed, shipped and delivered by staff).

/**
 * Lumen's migrations on a fresh database, no seed, no workers: PGlite in memory, or with
 * LUMEN_TEST_DB=postgres a database of a throwaway PostgreSQL (server/testing/test-database.ts), so
 * the same tests show the SQL behaves alike on both. Closing the backend drops it.
 */
export async function openBackOfficeDatabase(): Promise<{ db: Database; backend: TestBackend }> {
  const backend = await createTestBackend({ projectDir: LUMEN_PROJECT_DIR });
  return { db: backend.ctx.db, backend };
}

/** The token PostgREST would see: role, user, the staff claim, the e-mail and whether a guest. */
export interface Claims {
  role?: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  user_role?: 'staff';
  email?: string;
  is_anonymous?: boolean;
}

export const VISITOR: Claims = { role: 'anon' };
export const SERVICE: Claims = { role: 'service_role' };

/** Runs one statement as the caller and commits, as one PostgREST request does. */
export async function as<T>(db: Database, claims: Claims, sql: string, params: unknown[] = []): Promise<T[]> {
  const role = claims.role ?? 'authenticated';
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`, [JSON.stringify({ ...claims, role }), role]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** The first column of the one row a call as the caller returns. */
export async function call<T>(db: Database, claims: Claims, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await as<{ result: T }>(db, claims, `select ${sql} as result`, params);
  if (!row) throw new Error(`no row from ${sql}`);
  return row.result;
}

export interface Refusal {
  code: string;
  message: string;
  hint?: string;
}

/** The error a statement raises as the caller (code, message and any hint), or null when it ran. */
export async function refusal(db: Database, claims: Claims, sql: string, params: unknown[] = []): Promise<Refusal | null> {
  try {
    await as(db, claims, sql, params);
    return null;
  } catch (error) {
    const { code, message, hint } = error as Refusal;
    return { code, message, ...(hint ? { hint } : {}) };
  }
}

export interface Person {
  id: string;
  email: string;
  /** The profile's display name (null: the delivery's name stands in). */
  name: string | null;
  staff?: boolean;
  guest?: boolean;
}

/** The claims a person's token carries (staff carry the role claim and their e-mail). */
export function claimsOf(person: Person): Claims {
  return {
    sub: person.id,
    is_anonymous: person.guest === true,
    ...(person.staff ? { user_role: 'staff' as const } : {}),
    ...(person.guest ? {} : { email: person.email }),
  };
}

/** Account users (their profiles come from the sign-up trigger), guests without an e-mail, and staff roles. */
export async function addPeople(db: Database, people: Person[]): Promise<void> {
  for (const person of people) {
    await db.query(
      `insert into auth.users (id, email, aud, role, is_anonymous, raw_user_meta_data)
       values ($1, $2, 'authenticated', 'authenticated', $3, jsonb_strip_nulls(jsonb_build_object('display_name', $4::text)))`,
      [person.id, person.guest ? null : person.email, person.guest === true, person.name],
    );
    if (person.staff) await db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [person.id]);
  }
}

export interface NewItem {
  slug: string;
  title: string;
  price_cents: number;
  stock: number;
  low_stock_threshold?: number;
}

/** Items on sale (each gets a published product of its own), in the order given; their ids by slug. */
export async function addItems(db: Database, items: NewItem[]): Promise<Record<string, number>> {
  await db.query(`insert into public.categories (slug, name) values ('back-office', 'Back office') on conflict (slug) do nothing`);
  const ids: Record<string, number> = {};
  for (const item of items) {
    const { rows } = await db.query<{ id: number }>(
      `insert into public.items (slug, title, price_cents, stock, category_id, low_stock_threshold)
       values ($1, $2, $3, $4, (select id from public.categories where slug = 'back-office'), $5)
       returning id::int`,
      [item.slug, item.title, item.price_cents, item.stock, item.low_stock_threshold ?? 5],
    );
    ids[item.slug] = rows[0]?.id ?? 0;
  }
  return ids;
}

export interface PlacedOrder {
  id: number;
  reference: string;
  /** Its lines' ids by item id. */
  lines: Record<number, number>;
}

/** The buyer orders `quantity` of each item through their cart and place_order. */
export async function placeOrder(db: Database, buyer: Person, lines: [itemId: number, quantity: number][]): Promise<PlacedOrder> {
  const claims = claimsOf(buyer);
  for (const [itemId, quantity] of lines) {
    await as(db, claims, 'insert into public.cart_items (item_id, quantity) values ($1, $2)', [itemId, quantity]);
  }
  const placed = await call<{ status: string; order_id: number; reference: string }>(db, claims, 'public.place_order($1, $2)', [
    crypto.randomUUID(),
    TEST_DELIVERY_JSON,
  ]);
  if (placed.status !== 'placed') throw new Error(`the order was not placed: ${JSON.stringify(placed)}`);
  const { rows } = await db.query<{ id: number; item_id: number }>('select id::int, item_id::int from public.order_items where order_id = $1', [placed.order_id]);
  return { id: placed.order_id, reference: placed.reference, lines: Object.fromEntries(rows.map((row) => [row.item_id, row.id])) };
}

/** Confirmed, as the order-confirmation function does once the receipt is sent (service role, no audit). */
export async function confirm(db: Database, orderId: number): Promise<void> {
  await db.query(`update public.orders set status = 'confirmed', confirmed_at = now() where id = $1`, [orderId]);
}

/** Moves an order from placed on to `status` the way the shop does it, as `staff`. */
export async function advance(db: Database, staff: Person, orderId: number, status: 'confirmed' | 'packed' | 'shipped' | 'delivered'): Promise<void> {
  const steps = ['confirmed', 'packed', 'shipped', 'delivered'];
  const claims = claimsOf(staff);
  for (const step of steps.slice(0, steps.indexOf(status) + 1)) {
    if (step === 'confirmed') await confirm(db, orderId);
    else if (step === 'shipped') await call(db, claims, `public.ship_order($1, 'an-post', 'RR123456789IE')`, [orderId]);
    else await call(db, claims, 'public.set_order_status($1, $2)', [orderId, step]);
  }
}

export interface ReturnResult {
  return_id: number;
  order_id: number;
  status: 'delivered' | 'returned';
  refund_cents: number;
}

/** Staff record a return of `lines` ([order line id, quantity]). */
export async function recordReturn(
  db: Database,
  staff: Person,
  orderId: number,
  lines: [orderItemId: number, quantity: number][],
  restock = true,
  note: string | null = null,
): Promise<ReturnResult> {
  return call<ReturnResult>(db, claimsOf(staff), 'public.record_return($1, $2::jsonb, $3, $4)', [
    orderId,
    JSON.stringify(lines.map(([order_item_id, quantity]) => ({ order_item_id, quantity }))),
    restock,
    note,
  ]);
}

export async function stockOf(db: Database, itemId: number): Promise<number> {
  const { rows } = await db.query<{ stock: number }>('select stock from public.items where id = $1', [itemId]);
  return rows[0]?.stock ?? -1;
}

/** Items whose stock is not the sum of their movements: the ledger's one invariant. */
export async function ledgerMismatches(db: Database): Promise<unknown[]> {
  const { rows } = await db.query(`
    select i.slug, i.stock, coalesce(sum(m.delta), 0)::int as ledger from public.items i left join public.stock_movements m on m.item_id = i.id
    group by i.id having i.stock <> coalesce(sum(m.delta), 0)`);
  return rows;
}
