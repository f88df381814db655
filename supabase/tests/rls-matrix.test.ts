import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, asActor, openLumenDatabase } from './lumen-database.ts';

// Every public table × actor × select / insert / update / delete, each cell run through asActor
// (rolled back) against rows seeded as the table owner. The actors: the anon visitor, two customers
// (owner, other), staff, and two guests (anonymous sessions: role authenticated, is_anonymous in
// the token, as signInAnonymously issues them at guest checkout). Staff carry the `user_role` claim
// the access token hook adds (the signature makes it unforgeable; supabase/conformance checks that
// end to end).
//
// The rows people own (carts, saved items, profiles, orders with their lines and returns, addresses) are seeded
// twice, for the customer `owner` and for the guest `guest`, and every actor meets both: whoever
// the row belongs to is its "owner", every other signed-in user is "other". So a guest's rows are
// theirs alone (the other guest and the customers get what any other user gets), and a guest gets
// what any other user gets on a customer's rows. Catalog tables belong to nobody; there "owner" is
// simply the customer and every other signed-in non-staff user, guests included, is "other".
//
// What a guest may not do that a customer may: change their profile (no account page until they
// sign up; …_anonymous_limits.sql) or keep an avatar (storage-matrix.test.ts). Their own cart,
// saved items, addresses and orders they keep, since guest checkout needs them.

const OWNER = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000b2';
const STAFF = '00000000-0000-4000-8000-0000000000c3';
const GUEST = '00000000-0000-4000-8000-0000000000d4';
const OTHER_GUEST = '00000000-0000-4000-8000-0000000000e5';

// Real tokens carry is_anonymous either way; the limits test it with `is not true`.
const ACTORS = {
  anon: { role: 'anon' },
  owner: { role: 'authenticated', sub: OWNER, is_anonymous: false },
  other: { role: 'authenticated', sub: OTHER, is_anonymous: false },
  staff: { role: 'authenticated', sub: STAFF, user_role: 'staff', is_anonymous: false },
  guest: { role: 'authenticated', sub: GUEST, is_anonymous: true },
  otherGuest: { role: 'authenticated', sub: OTHER_GUEST, is_anonymous: true },
} as const satisfies Record<string, Actor>;

type ActorName = keyof typeof ACTORS;
/** What an actor is to the row a statement targets; the expectations are written per relation. */
type Relation = 'anon' | 'owner' | 'other' | 'staff';
type Command = 'select' | 'insert' | 'update' | 'delete';
/** Whose seeded rows a cell targets. */
type RowOwner = 'owner' | 'guest';

/**
 * allowed: the statement runs and reads or writes exactly the target row.
 * permission-denied: no grant for the command (42501 "permission denied for table").
 * rls-violation: granted, but the new row fails a policy's WITH CHECK (42501 "row-level security").
 * filtered: granted, but no USING clause lets the actor see the row, so 0 rows are read or touched.
 */
type Outcome = 'allowed' | 'permission-denied' | 'rls-violation' | 'filtered';

/** The rows one user owns. */
interface OwnedRows {
  userId: string;
  orderId: number;
  orderLineId: number;
  /** A return of the order's line (recorded as the table owner; staff record them with record_return). */
  returnId: number;
  addressId: number;
}

interface Seed {
  spareCategoryId: number;
  lampId: number;
  shadeId: number;
  vaseId: number;
  /** The vase's product (the item got one of its own when it was added without one). */
  vaseProductId: number;
  auditId: number;
}

interface Statement {
  sql: string;
  params: unknown[];
}

interface TableSpec {
  /** `rows`: the row owner's rows the statements target (the customer's on tables nobody owns). */
  statements: (seed: Seed, rows: OwnedRows) => Record<Command, Statement>;
  expected: Record<Command, Record<Relation, Outcome>>;
  /** Rows people own: seeded for the customer and for the guest, and every actor meets both. */
  owned?: true;
  /** Where a guest meeting their own row fares worse than a customer would. */
  guestOwner?: Partial<Record<Command, Outcome>>;
}

const everyone = (outcome: Outcome): Record<Relation, Outcome> => ({ anon: outcome, owner: outcome, other: outcome, staff: outcome });
/** Staff are another user to a customer's own rows: a role gives them no way into carts, orders or addresses. */
const ownerOnly = (otherwise: Outcome): Record<Relation, Outcome> => ({ anon: 'permission-denied', owner: 'allowed', other: otherwise, staff: otherwise });
/** The catalog: everyone reads, staff write (insert and update; delete stays with the service role). */
const staffEditedCatalog: TableSpec['expected'] = {
  select: everyone('allowed'),
  insert: { anon: 'permission-denied', owner: 'rls-violation', other: 'rls-violation', staff: 'allowed' },
  update: { anon: 'permission-denied', owner: 'filtered', other: 'filtered', staff: 'allowed' },
  delete: everyone('permission-denied'),
};
const readOnlyCatalog: TableSpec['expected'] = {
  select: everyone('allowed'),
  insert: everyone('permission-denied'),
  update: everyone('permission-denied'),
  delete: everyone('permission-denied'),
};
/** The shop's profile and pages: everyone reads, staff edit the rows there are; nobody adds or removes one. */
const staffEditedRows: TableSpec['expected'] = {
  select: everyone('allowed'),
  insert: everyone('permission-denied'),
  update: { anon: 'permission-denied', owner: 'filtered', other: 'filtered', staff: 'allowed' },
  delete: everyone('permission-denied'),
};
/** Orders (their lines, their returns): the owner reads theirs, staff read every one (the order board); writes go through functions. */
const ownerReadsOnly: TableSpec['expected'] = {
  select: { ...ownerOnly('filtered'), staff: 'allowed' },
  insert: everyone('permission-denied'),
  update: everyone('permission-denied'),
  delete: everyone('permission-denied'),
};

/** Staff-only ledgers (stock movements, the audit log): written by triggers, read by staff, by nobody else. */
const staffReadsOnly: TableSpec['expected'] = {
  select: { anon: 'permission-denied', owner: 'filtered', other: 'filtered', staff: 'allowed' },
  insert: everyone('permission-denied'),
  update: everyone('permission-denied'),
  delete: everyone('permission-denied'),
};

/** The expectations, as data. A table missing here fails the catalog test below. */
const MATRIX: Record<string, TableSpec> = {
  categories: {
    statements: (s) => ({
      select: { sql: 'select id from public.categories where id = $1', params: [s.spareCategoryId] },
      insert: { sql: `insert into public.categories (slug, name) values ('matrix-new', 'New')`, params: [] },
      update: { sql: `update public.categories set name = 'Renamed' where id = $1`, params: [s.spareCategoryId] },
      delete: { sql: 'delete from public.categories where id = $1', params: [s.spareCategoryId] },
    }),
    expected: staffEditedCatalog,
  },
  items: {
    statements: (s) => ({
      select: { sql: 'select id from public.items where id = $1', params: [s.vaseId] },
      insert: {
        sql: `insert into public.items (slug, title, price_cents, stock, category_id) values ('matrix-new', 'New', 100, 1, $1)`,
        params: [s.spareCategoryId],
      },
      // Stock is not in the column grant: it changes through adjust_stock and orders only (stock-and-order-flow.test.ts).
      update: { sql: 'update public.items set price_cents = 1 where id = $1', params: [s.vaseId] },
      delete: { sql: 'delete from public.items where id = $1', params: [s.vaseId] },
    }),
    expected: staffEditedCatalog,
  },
  products: {
    statements: (s) => ({
      select: { sql: 'select id from public.products where id = $1', params: [s.vaseProductId] },
      // A new product is a draft: published_at is not in the insert grant (products-and-variants.test.ts).
      insert: { sql: `insert into public.products (slug, title, category_id) values ('matrix-new', 'New', $1)`, params: [s.spareCategoryId] },
      update: { sql: `update public.products set title = 'Renamed' where id = $1`, params: [s.vaseProductId] },
      delete: { sql: 'delete from public.products where id = $1', params: [s.vaseProductId] },
    }),
    expected: staffEditedCatalog,
  },
  store_pages: {
    statements: () => ({
      select: { sql: `select id from public.store_pages where slug = 'privacy'`, params: [] },
      insert: { sql: `insert into public.store_pages (slug, title, summary, sections) select 'matrix', title, summary, sections from public.store_pages limit 1`, params: [] },
      update: { sql: `update public.store_pages set title = 'Renamed' where slug = 'privacy'`, params: [] },
      delete: { sql: `delete from public.store_pages where slug = 'privacy'`, params: [] },
    }),
    expected: staffEditedRows,
  },
  store_profile: {
    statements: () => ({
      select: { sql: 'select id from public.store_profile where id = 1', params: [] },
      insert: { sql: `insert into public.store_profile select 2, name, legal_name, contact_email from public.store_profile`, params: [] },
      update: { sql: `update public.store_profile set name = 'Renamed' where id = 1`, params: [] },
      delete: { sql: 'delete from public.store_profile where id = 1', params: [] },
    }),
    expected: staffEditedRows,
  },
  saved_items: {
    owned: true,
    statements: (s, r) => ({
      select: { sql: 'select item_id from public.saved_items where user_id = $1 and item_id = $2', params: [r.userId, s.lampId] },
      // Saves for the owner (another user tries to plant it in their list).
      insert: { sql: 'insert into public.saved_items (user_id, item_id) values ($1, $2)', params: [r.userId, s.shadeId] },
      // Nothing of a saved item changes: it is saved or removed.
      update: { sql: 'update public.saved_items set created_at = now() where user_id = $1 and item_id = $2', params: [r.userId, s.lampId] },
      delete: { sql: 'delete from public.saved_items where user_id = $1 and item_id = $2', params: [r.userId, s.lampId] },
    }),
    expected: {
      select: ownerOnly('filtered'),
      insert: ownerOnly('rls-violation'),
      update: everyone('permission-denied'),
      delete: ownerOnly('filtered'),
    },
  },
  search_terms: {
    statements: () => ({
      select: { sql: `select term from public.search_terms where term = 'vase'`, params: [] },
      insert: { sql: `insert into public.search_terms (term) values ('matrixword')`, params: [] },
      update: { sql: `update public.search_terms set term = 'vaze' where term = 'vase'`, params: [] },
      delete: { sql: `delete from public.search_terms where term = 'vase'`, params: [] },
    }),
    expected: readOnlyCatalog,
  },
  search_synonyms: {
    statements: () => ({
      select: { sql: `select alternatives from public.search_synonyms where term = 'lamp'`, params: [] },
      insert: { sql: `insert into public.search_synonyms (term, alternatives) values ('matrixword', '{vase}')`, params: [] },
      update: { sql: `update public.search_synonyms set alternatives = '{vase}' where term = 'lamp'`, params: [] },
      delete: { sql: `delete from public.search_synonyms where term = 'lamp'`, params: [] },
    }),
    expected: readOnlyCatalog,
  },
  profiles: {
    owned: true,
    statements: (_s, r) => ({
      select: { sql: 'select id from public.profiles where id = $1', params: [r.userId] },
      insert: { sql: 'insert into public.profiles (id, display_name) values ($1, $2)', params: [r.userId, 'Forged'] },
      update: { sql: `update public.profiles set display_name = 'Renamed' where id = $1`, params: [r.userId] },
      delete: { sql: 'delete from public.profiles where id = $1', params: [r.userId] },
    }),
    expected: {
      select: ownerOnly('filtered'),
      // Profiles come from the trigger on auth.users and leave with the user.
      insert: everyone('permission-denied'),
      update: ownerOnly('filtered'),
      delete: everyone('permission-denied'),
    },
    // A guest has no account page: the name and avatar wait until they sign up (…_anonymous_limits.sql).
    guestOwner: { update: 'filtered' },
  },
  cart_items: {
    owned: true,
    statements: (s, r) => ({
      select: { sql: 'select item_id from public.cart_items where user_id = $1 and item_id = $2', params: [r.userId, s.lampId] },
      // Adds a line to the owner's cart (another user tries to plant it there).
      insert: { sql: 'insert into public.cart_items (user_id, item_id, quantity) values ($1, $2, 1)', params: [r.userId, s.shadeId] },
      update: { sql: 'update public.cart_items set quantity = 2 where user_id = $1 and item_id = $2', params: [r.userId, s.lampId] },
      delete: { sql: 'delete from public.cart_items where user_id = $1 and item_id = $2', params: [r.userId, s.lampId] },
    }),
    expected: {
      select: ownerOnly('filtered'),
      insert: ownerOnly('rls-violation'),
      update: ownerOnly('filtered'),
      delete: ownerOnly('filtered'),
    },
  },
  orders: {
    owned: true,
    statements: (_s, r) => ({
      select: { sql: 'select id from public.orders where id = $1', params: [r.orderId] },
      insert: { sql: 'insert into public.orders (user_id, total_cents, item_count) values ($1, 0, 1)', params: [r.userId] },
      update: { sql: `update public.orders set status = 'confirmed', total_cents = 0 where id = $1`, params: [r.orderId] },
      delete: { sql: 'delete from public.orders where id = $1', params: [r.orderId] },
    }),
    // Clients never write orders: place_order and cancel_order are the only ways in.
    expected: ownerReadsOnly,
  },
  addresses: {
    owned: true,
    statements: (_s, r) => ({
      select: { sql: 'select id from public.addresses where id = $1', params: [r.addressId] },
      // Files an address under the owner (another user tries to plant one in their book).
      insert: {
        sql: `insert into public.addresses (user_id, full_name, line1, postcode, city, country) values ($1, 'X', '1 Road', 'AB1 2CD', 'Town', 'GB')`,
        params: [r.userId],
      },
      update: { sql: `update public.addresses set city = 'Elsewhere' where id = $1`, params: [r.addressId] },
      delete: { sql: 'delete from public.addresses where id = $1', params: [r.addressId] },
    }),
    expected: {
      select: ownerOnly('filtered'),
      insert: ownerOnly('rls-violation'),
      update: ownerOnly('filtered'),
      delete: ownerOnly('filtered'),
    },
  },
  order_items: {
    owned: true,
    statements: (s, r) => ({
      select: { sql: 'select id from public.order_items where id = $1', params: [r.orderLineId] },
      insert: {
        sql: `insert into public.order_items (order_id, item_id, title, unit_price_cents, quantity) values ($1, $2, 'Lamp', 0, 1)`,
        params: [r.orderId, s.lampId],
      },
      update: { sql: 'update public.order_items set unit_price_cents = 0 where id = $1', params: [r.orderLineId] },
      delete: { sql: 'delete from public.order_items where id = $1', params: [r.orderLineId] },
    }),
    expected: ownerReadsOnly,
  },
  order_returns: {
    owned: true,
    statements: (s, r) => ({
      select: { sql: 'select id from public.order_returns where id = $1', params: [r.returnId] },
      insert: {
        sql: `insert into public.order_returns (order_id, restock, refund_cents, lines)
              values ($1, true, 4900, jsonb_build_array(jsonb_build_object('order_item_id', $2::bigint, 'item_id', $3::bigint, 'title', 'Lamp', 'quantity', 1, 'unit_price_cents', 4900)))`,
        params: [r.orderId, r.orderLineId, s.lampId],
      },
      update: { sql: 'update public.order_returns set refund_cents = 0 where id = $1', params: [r.returnId] },
      delete: { sql: 'delete from public.order_returns where id = $1', params: [r.returnId] },
    }),
    // Staff record returns with record_return only (which checks the order and moves the stock).
    expected: ownerReadsOnly,
  },
  carriers: {
    statements: () => ({
      select: { sql: `select code from public.carriers where code = 'dpd'`, params: [] },
      insert: { sql: `insert into public.carriers (code, name) values ('matrix-van', 'Van')`, params: [] },
      update: { sql: `update public.carriers set name = 'Renamed' where code = 'dpd'`, params: [] },
      delete: { sql: `delete from public.carriers where code = 'dpd'`, params: [] },
    }),
    // Chosen from when shipping; the list changes with a migration.
    expected: readOnlyCatalog,
  },
  user_roles: {
    statements: () => ({
      // The owner's own role row (seeded: the owner is staff in the table, though their token in
      // this matrix carries no claim: policies read the claim, never this table).
      select: { sql: 'select user_id from public.user_roles where user_id = $1', params: [OWNER] },
      insert: { sql: `insert into public.user_roles (user_id, role) values ($1, 'staff')`, params: [OTHER] },
      update: { sql: `update public.user_roles set granted_at = now() where user_id = $1`, params: [OWNER] },
      delete: { sql: 'delete from public.user_roles where user_id = $1', params: [OWNER] },
    }),
    expected: {
      select: ownerOnly('filtered'),
      // Nobody makes themselves (or anyone) staff through the API, staff included.
      insert: everyone('permission-denied'),
      update: everyone('permission-denied'),
      delete: everyone('permission-denied'),
    },
  },
  stock_movements: {
    statements: (s) => ({
      select: { sql: 'select id from public.stock_movements where item_id = $1', params: [s.vaseId] },
      insert: { sql: `insert into public.stock_movements (item_id, delta, reason) values ($1, 5, 'restock')`, params: [s.vaseId] },
      update: { sql: 'update public.stock_movements set delta = 99 where item_id = $1', params: [s.vaseId] },
      delete: { sql: 'delete from public.stock_movements where item_id = $1', params: [s.vaseId] },
    }),
    // Written by the items trigger only; staff read the ledger.
    expected: staffReadsOnly,
  },
  audit_log: {
    statements: (s) => ({
      select: { sql: 'select id from public.audit_log where id = $1', params: [s.auditId] },
      insert: { sql: `insert into public.audit_log (action, entity, entity_id) values ('update', 'items', '1')`, params: [] },
      update: { sql: `update public.audit_log set after = '{}' where id = $1`, params: [s.auditId] },
      delete: { sql: 'delete from public.audit_log where id = $1', params: [s.auditId] },
    }),
    expected: staffReadsOnly,
  },
  role_permissions: {
    statements: () => ({
      select: { sql: `select role from public.role_permissions where role = 'staff' and permission = 'items.write'`, params: [] },
      insert: { sql: `insert into public.role_permissions (role, permission) values ('staff', 'items.write')`, params: [] },
      update: { sql: `update public.role_permissions set permission = 'audit.read' where role = 'staff' and permission = 'items.write'`, params: [] },
      delete: { sql: `delete from public.role_permissions where role = 'staff' and permission = 'items.write'`, params: [] },
    }),
    expected: readOnlyCatalog,
  },
};

const TABLES = Object.keys(MATRIX).sort();
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];
const COMMANDS: Command[] = ['select', 'insert', 'update', 'delete'];
const rowOwnersOf = (spec: TableSpec): RowOwner[] => (spec.owned ? ['owner', 'guest'] : ['owner']);

/** The actor's relation to the row owner's row: the same user is its owner, any other signed-in non-staff user "other". */
function relationOf(actor: ActorName, rowOwner: RowOwner): Relation {
  if (actor === 'anon' || actor === 'staff') return actor;
  return actor === rowOwner ? 'owner' : 'other';
}

function expectedOutcome(spec: TableSpec, command: Command, actor: ActorName, rowOwner: RowOwner): Outcome {
  const relation = relationOf(actor, rowOwner);
  const isGuest = (ACTORS[actor] as Actor).is_anonymous === true;
  return (relation === 'owner' && isGuest ? spec.guestOwner?.[command] : undefined) ?? spec.expected[command][relation];
}

interface Cell {
  table: string;
  rowOwner: RowOwner;
  actor: ActorName;
  command: Command;
  expected: Outcome;
}

const CELLS: Cell[] = Object.entries(MATRIX)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([table, spec]) =>
    rowOwnersOf(spec).flatMap((rowOwner) =>
      COMMANDS.flatMap((command) => ACTOR_NAMES.map((actor) => ({ table, rowOwner, actor, command, expected: expectedOutcome(spec, command, actor, rowOwner) }))),
    ),
  );

let db: Database;
let seed: Seed;
let owned: Record<RowOwner, OwnedRows>;
const observed: string[] = [];

async function idOf(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ id: number }>(sql, params);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`seed lookup found nothing: ${sql}`);
  return id;
}

/** A cart line, a saved item, an order with one line and a return of it, and an address for the user. */
async function seedOwnedRows(userId: string, lampId: number, city: string): Promise<OwnedRows> {
  await db.query('insert into public.cart_items (user_id, item_id, quantity) values ($1, $2, 1)', [userId, lampId]);
  await db.query('insert into public.saved_items (user_id, item_id) values ($1, $2)', [userId, lampId]);
  const orderId = await idOf(`insert into public.orders (user_id, total_cents, item_count) values ($1, 4900, 1) returning id`, [userId]);
  const orderLineId = await idOf(
    `insert into public.order_items (order_id, item_id, title, unit_price_cents, quantity) values ($1, $2, 'Lamp', 4900, 1) returning id`,
    [orderId, lampId],
  );
  const returnId = await idOf(
    `insert into public.order_returns (order_id, restock, refund_cents, lines)
     values ($1, true, 4900, jsonb_build_array(jsonb_build_object('order_item_id', $2::bigint, 'item_id', $3::bigint, 'title', 'Lamp', 'quantity', 1, 'unit_price_cents', 4900)))
     returning id`,
    [orderId, orderLineId, lampId],
  );
  const addressId = await idOf(
    `insert into public.addresses (user_id, full_name, line1, postcode, city, country) values ($1, 'Owner', '1 Main St', 'D02 X285', $2, 'IE') returning id`,
    [userId, city],
  );
  return { userId, orderId, orderLineId, returnId, addressId };
}

beforeAll(async () => {
  db = await openLumenDatabase();
  // As the table owner (no role): three account users and two guests (their profiles come from
  // the trigger), the catalog, and the rows people own for the customer and for a guest.
  await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'owner@example.test', 'authenticated', 'authenticated'),
    ($2, 'other@example.test', 'authenticated', 'authenticated'), ($3, 'staff@example.test', 'authenticated', 'authenticated')`, [OWNER, OTHER, STAFF]);
  await db.query(`insert into auth.users (id, aud, role, is_anonymous) values ($1, 'authenticated', 'authenticated', true), ($2, 'authenticated', 'authenticated', true)`, [
    GUEST,
    OTHER_GUEST,
  ]);
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff'), ($2, 'staff')`, [OWNER, STAFF]);
  await db.exec(`
    insert into public.categories (slug, name) values ('matrix-lighting', 'Lighting'), ('matrix-spare', 'Spare');
    insert into public.items (slug, title, price_cents, stock, category_id)
    select slug, title, price, 10, (select id from public.categories where slug = 'matrix-lighting')
    from (values ('matrix-lamp', 'Lamp', 4900), ('matrix-shade', 'Shade', 1900), ('matrix-vase', 'Vase', 2500)) as v (slug, title, price);
  `);
  const lampId = await idOf(`select id from public.items where slug = 'matrix-lamp'`);
  owned = { owner: await seedOwnedRows(OWNER, lampId, 'Dublin'), guest: await seedOwnedRows(GUEST, lampId, 'Cork') };
  seed = {
    spareCategoryId: await idOf(`select id from public.categories where slug = 'matrix-spare'`),
    lampId,
    shadeId: await idOf(`select id from public.items where slug = 'matrix-shade'`),
    vaseId: await idOf(`select id from public.items where slug = 'matrix-vase'`),
    vaseProductId: await idOf(`select product_id as id from public.items where slug = 'matrix-vase'`),
    auditId: await idOf(`insert into public.audit_log (actor, action, entity, entity_id) values ($1, 'update', 'items', '1') returning id`, [STAFF]),
  };
});

afterAll(async () => {
  const count = (outcome: string) => observed.filter((o) => o === outcome).length;
  const refused = count('permission-denied') + count('rls-violation');
  const unexpected = observed.length - count('allowed') - refused - count('filtered');
  console.info(
    `rls matrix: ${observed.length} cells (${TABLES.length} tables, owned ones for a customer's and a guest's rows, × ${ACTOR_NAMES.length} actors × ${COMMANDS.length} commands): ` +
      `${count('allowed')} allowed, ${refused} refused, ${count('filtered')} filtered to zero rows` +
      (unexpected > 0 ? `, ${unexpected} unexpected` : ''),
  );
  await db.close();
});

function errorDetails(error: unknown): { code: string; message: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return { code, message: error instanceof Error ? error.message : String(error) };
}

/** Runs one statement as the actor (rolled back) and names what happened. */
async function run(actor: Actor, command: Command, statement: Statement): Promise<string> {
  try {
    const result = await asActor(db, actor, (tx) => tx.query(statement.sql, statement.params));
    const touched = command === 'select' ? result.rows.length : (result.affectedRows ?? 0);
    if (touched === 1) return 'allowed';
    if (touched === 0) return 'filtered';
    return `unexpected: ${touched} rows`;
  } catch (error) {
    const { code, message } = errorDetails(error);
    if (code === '42501' && /row-level security/.test(message)) return 'rls-violation';
    if (code === '42501' && /permission denied for table/.test(message)) return 'permission-denied';
    return `unexpected error ${code}: ${message}`;
  }
}

describe('RLS matrix', () => {
  it('covers exactly the tables in schema public', async () => {
    const { rows } = await db.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const inCatalog = rows.map((row) => row.name);
    expect({ notInMatrix: inCatalog.filter((name) => !TABLES.includes(name)), notInCatalog: TABLES.filter((name) => !inCatalog.includes(name)) }).toEqual({
      notInMatrix: [],
      notInCatalog: [],
    });
    const ownedTables = TABLES.filter((table) => MATRIX[table]?.owned);
    expect(ownedTables).toEqual(['addresses', 'cart_items', 'order_items', 'order_returns', 'orders', 'profiles', 'saved_items']);
    expect(CELLS).toHaveLength((TABLES.length + ownedTables.length) * ACTOR_NAMES.length * COMMANDS.length);
  });

  it('targets rows that exist (for the table owner), so "filtered" means hidden, not missing', async () => {
    for (const table of TABLES) {
      const spec = MATRIX[table];
      expect(spec, table).toBeDefined();
      for (const rowOwner of spec ? rowOwnersOf(spec) : []) {
        const select = spec?.statements(seed, owned[rowOwner]).select;
        if (select) expect((await db.query(select.sql, select.params)).rows, `${table} (${rowOwner}'s row)`).toHaveLength(1);
      }
    }
  });

  it.each(CELLS.map((cell) => [cell.table, cell.rowOwner, cell.actor, cell.command, cell.expected] as const))(
    "%s, the %s's row: %s %s → %s",
    async (table, rowOwner, actor, command, expected) => {
      const statement = MATRIX[table]?.statements(seed, owned[rowOwner])[command];
      if (!statement) throw new Error(`no ${command} statement for ${table}`);
      const outcome = await run(ACTORS[actor], command, statement);
      observed.push(outcome);
      expect(outcome).toBe(expected);
    },
  );

  it("refuses a guest staff's functions, even on the guest's own order", async () => {
    const call = (sql: string, params: unknown[]) => run(ACTORS.guest, 'select', { sql, params });
    const refusal = async (sql: string, params: unknown[]) => {
      try {
        await asActor(db, ACTORS.guest, (tx) => tx.query(sql, params));
        return 'ran';
      } catch (error) {
        return errorDetails(error).code;
      }
    };
    expect(await refusal(`select public.set_order_status($1, 'packed')`, [owned.guest.orderId])).toBe('42501');
    expect(await refusal(`select public.adjust_stock($1, 5, 'restock')`, [seed.lampId])).toBe('42501');
    expect(await refusal(`select public.create_product('Guest lamp', $1, 'guest-lamp', 100, 1)`, [seed.spareCategoryId])).toBe('42501');
    // What a customer may do with their own order, a guest may too.
    expect(await call('select public.cancel_order($1)', [owned.guest.orderId])).toBe('allowed');
  });

  it('rolled every cell back (seeded rows unchanged)', async () => {
    const { rows } = await db.query<{ state: string }>(`
      select concat_ws(' | ',
        (select count(*) from public.categories where slug like 'matrix-%'),
        (select string_agg(slug || ':' || stock || ':' || price_cents, ',' order by slug) from public.items),
        (select count(*) from public.search_terms where term in ('vase', 'vaze', 'matrixword')),
        (select string_agg(term || ':' || array_to_string(alternatives, '/'), ',') from public.search_synonyms where term in ('lamp', 'matrixword')),
        (select string_agg(coalesce(display_name, '-'), ',' order by id) from public.profiles),
        (select string_agg(item_id || ':' || quantity, ',') from public.cart_items),
        (select string_agg(status || ':' || total_cents, ',') from public.orders),
        (select string_agg(unit_price_cents::text, ',') from public.order_items),
        (select string_agg(refund_cents::text, ',') from public.order_returns),
        (select string_agg(user_id || ':' || city, ',' order by city) from public.addresses),
        (select count(*) from public.saved_items),
        (select string_agg(user_id || ':' || role, ',' order by user_id) from public.user_roles),
        (select count(*) from public.role_permissions),
        (select string_agg(delta || ':' || reason, ',' order by id) from public.stock_movements),
        (select count(*) from public.audit_log),
        (select string_agg(title, ',' order by slug) from public.store_pages),
        (select name from public.store_profile),
        (select string_agg(code || ':' || name, ',' order by sort_order) from public.carriers)) as state`);
    expect(rows[0]?.state).toBe(
      `2 | matrix-lamp:10:4900,matrix-shade:10:1900,matrix-vase:10:2500 | 1 | lamp:light/lantern/sconce | -,-,-,-,- | ${seed.lampId}:1,${seed.lampId}:1 | placed:4900,placed:4900 | 4900,4900 | 4900,4900 | ${GUEST}:Cork,${OWNER}:Dublin | 2 | ${OWNER}:staff,${STAFF}:staff | 4 | 10:initial,10:initial,10:initial | 1 | Contact us,Delivery and returns,Privacy,Terms and imprint | Lumen | ` +
        'an-post:An Post,dpd:DPD,dhl:DHL,gls:GLS,ups:UPS,fedex:FedEx,royal-mail:Royal Mail,postnl:PostNL,own-delivery:Our own delivery,other:Another carrier',
    );
  });
});
