import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, expect, it } from 'vitest';
import { pgliteExtensions } from '../../server/testing/database.ts';
import { createNodeSupabaseClient, DEV_ANON_KEY, DEV_SERVICE_ROLE_KEY } from '../../server/index.ts';
import { freePort, startChildServer, type ChildServer } from '../../server/testing/child-server.ts';
import { TEST_DELIVERY } from './test-delivery.ts';
import { LUMEN_START } from './lumen-start.ts';

/**
 * Fault test: `server/main.ts` runs as a child process on a temporary data dir while several
 * signed-in clients stream orders (cart upsert + place_order) and avatar uploads at it; once
 * enough orders were acknowledged it is SIGKILLed mid-stream, restarted on the same data dir and
 * checked: every acknowledged order is there with its lines, sold units match the stock taken,
 * every acknowledged upload has its row and its bytes on disk, and no file under storage/ lacks
 * a row (staging files included). At the end the database is closed cleanly and opened here with
 * amcheck to verify every heap and B-tree.
 */

const BUYERS = 4;
const UPLOADERS = 2;
const CYCLES = 3;
/** Kill once this many orders were acknowledged in the current cycle (timing only decides when to kill). */
const KILL_AFTER_ACKS = 20;
/** A client that keeps failing while the server is alive means something else is wrong: stop, don't spin. */
const MAX_FAILURES_ALIVE = 200;
const PUBLIC_TABLES = ['categories', 'items', 'profiles', 'cart_items', 'orders', 'order_items'];

interface Buyer {
  id: string;
  client: SupabaseClient;
}

interface Ledger {
  ordersSent: number;
  /** order id → the cycle that acknowledged it. */
  acknowledged: Map<number, number>;
  uploadsSent: number;
  /** object name in `avatars` → bytes, for uploads answered with success. */
  uploads: Map<string, Buffer>;
}

interface CycleFigures {
  ordersSent: number;
  acknowledged: number[];
  uploadsAcknowledged: number;
  inFlightAtKill: number;
}

interface Inspection {
  foundAcknowledged: number;
  missingOrders: number[];
  incompleteOrders: number[];
  stockMismatches: string[];
  tableErrors: string[];
  missingUploads: string[];
  orphanedFiles: string[];
  stagingFiles: string[];
  rowsWithoutFile: string[];
}

function png(seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixel = Buffer.from([0, seed & 0xff, (seed >> 8) & 0xff, (seed >> 16) & 0xff]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixel)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function isPlaced(data: unknown): data is { status: 'placed'; order_id: number } {
  return typeof data === 'object' && data !== null && 'status' in data && data.status === 'placed' && 'order_id' in data && typeof data.order_id === 'number';
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Every object name of a bucket, walking the storage API's folder listing. */
async function listObjects(service: SupabaseClient, bucket: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const { data, error } = await service.storage.from(bucket).list(prefix, { limit: 1000, offset });
    if (error) throw new Error(`listing ${bucket}/${prefix}: ${error.message}`);
    for (const entry of data) {
      const full = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.id === null) names.push(...(await listObjects(service, bucket, full)));
      else names.push(full);
    }
    if (data.length < 1000) return names;
  }
}

async function signIn(url: string, email: string, password: string): Promise<SupabaseClient> {
  const client = createNodeSupabaseClient(url, DEV_ANON_KEY);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return client;
}

/** Streams orders and uploads until `KILL_AFTER_ACKS` orders were acknowledged, then SIGKILLs the server mid-stream. */
async function streamAndKill(
  server: ChildServer,
  buyers: Buyer[],
  itemIds: number[],
  ledger: Ledger,
  cycle: number,
  uploadCounters: Map<string, number>,
): Promise<CycleFigures> {
  const figures: CycleFigures = { ordersSent: 0, acknowledged: [], uploadsAcknowledged: 0, inFlightAtKill: 0 };
  let killed = false;
  /** Set when a client gives up, so the other loops end too instead of running on. */
  let aborted = false;
  let inFlight = 0;
  let failuresAlive = 0;

  const maybeKill = () => {
    // Only with other requests still on the wire, so the kill lands mid-stream.
    if (killed || figures.acknowledged.length < KILL_AFTER_ACKS || inFlight === 0) return;
    killed = true;
    figures.inFlightAtKill = inFlight;
    process.kill(server.pid, 'SIGKILL');
  };
  async function send<T>(request: PromiseLike<T>): Promise<T> {
    inFlight++;
    try {
      return await request;
    } finally {
      inFlight--;
    }
  }
  const failed = (what: string, message: string) => {
    if (killed) return;
    failuresAlive++;
    if (failuresAlive <= MAX_FAILURES_ALIVE) return;
    aborted = true;
    throw new Error(`${what} kept failing while the server was up: ${message}\n${server.output()}`);
  };

  const orderLoop = async (buyer: Buyer, index: number) => {
    for (let n = 0; !killed && !aborted; n++) {
      const itemId = itemIds[(index * 7919 + n * 104_729 + cycle * 31) % itemIds.length] ?? 0;
      const cart = await send(buyer.client.from('cart_items').upsert({ item_id: itemId, quantity: 1 }, { onConflict: 'user_id,item_id' }));
      if (killed) return;
      if (cart.error) {
        failed('cart upsert', cart.error.message);
        continue;
      }
      ledger.ordersSent++;
      figures.ordersSent++;
      const { data, error } = await send(buyer.client.rpc('place_order', { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY }));
      if (!error && isPlaced(data)) {
        ledger.acknowledged.set(data.order_id, cycle);
        figures.acknowledged.push(data.order_id);
        maybeKill();
      } else if (error) {
        failed('place_order', error.message);
      }
    }
  };

  const uploadLoop = async (buyer: Buyer) => {
    while (!killed && !aborted) {
      const n = (uploadCounters.get(buyer.id) ?? 0) + 1;
      uploadCounters.set(buyer.id, n);
      const name = `${buyer.id}/${n}.png`;
      const bytes = png(cycle * 1_000_000 + n);
      ledger.uploadsSent++;
      const { error } = await send(buyer.client.storage.from('avatars').upload(name, bytes, { contentType: 'image/png' }));
      if (!error) {
        ledger.uploads.set(name, bytes);
        figures.uploadsAcknowledged++;
        maybeKill();
      } else {
        failed('avatar upload', error.message);
      }
    }
  };

  await Promise.all([...buyers.map((buyer, index) => orderLoop(buyer, index)), ...buyers.slice(0, UPLOADERS).map((buyer) => uploadLoop(buyer))]);
  const exit = await server.exited;
  expect(exit, 'the server died of the SIGKILL, not on its own').toBeNull();
  return figures;
}

/** What the restarted server holds, compared with what it acknowledged before the kill. */
async function inspect(server: ChildServer, dataDir: string, ledger: Ledger, initialStock: Map<number, number>): Promise<Inspection> {
  const service = createNodeSupabaseClient(server.url, DEV_SERVICE_ROLE_KEY);
  const result: Inspection = {
    foundAcknowledged: 0,
    missingOrders: [],
    incompleteOrders: [],
    stockMismatches: [],
    tableErrors: [],
    missingUploads: [],
    orphanedFiles: [],
    stagingFiles: [],
    rowsWithoutFile: [],
  };

  const orders: { id: number; status: string; item_count: number; order_items: { item_id: number | null; quantity: number }[] }[] = [];
  for (let from = 0; ; from += 500) {
    const { data, error } = await service.from('orders').select('id, status, item_count, order_items(item_id, quantity)').order('id').range(from, from + 499);
    if (error) throw new Error(`reading orders: ${error.message}`);
    orders.push(...data);
    if (data.length < 500) break;
  }
  const byId = new Map(orders.map((order) => [order.id, order]));
  for (const id of ledger.acknowledged.keys()) {
    if (byId.has(id)) result.foundAcknowledged++;
    else result.missingOrders.push(id);
  }
  const sold = new Map<number, number>();
  for (const order of orders) {
    const units = order.order_items.reduce((sum, line) => sum + line.quantity, 0);
    if (order.order_items.length === 0 || units !== order.item_count) result.incompleteOrders.push(order.id);
    if (order.status === 'cancelled') continue;
    for (const line of order.order_items) if (line.item_id !== null) sold.set(line.item_id, (sold.get(line.item_id) ?? 0) + line.quantity);
  }
  const { data: items, error: itemsError } = await service.from('items').select('id, stock').order('id');
  if (itemsError) throw new Error(`reading items: ${itemsError.message}`);
  for (const item of items as { id: number; stock: number }[]) {
    const taken = (initialStock.get(item.id) ?? Number.NaN) - item.stock;
    if (taken !== (sold.get(item.id) ?? 0)) result.stockMismatches.push(`item ${item.id}: ${taken} taken from stock, ${sold.get(item.id) ?? 0} in orders`);
  }
  for (const table of PUBLIC_TABLES) {
    const { count, error } = await service.from(table).select('*', { count: 'exact', head: true });
    if (error || count === null) result.tableErrors.push(`${table}: ${error?.message ?? 'no count'}`);
  }

  const storageDir = path.join(dataDir, 'storage');
  for (const [name, bytes] of ledger.uploads) {
    const file = path.join(storageDir, 'avatars', ...name.split('/'));
    const { data, error } = await service.storage.from('avatars').download(name);
    const served = data ? Buffer.from(await data.arrayBuffer()) : null;
    const onDisk = existsSync(file) ? await readFile(file) : null;
    if (error || !served?.equals(bytes) || !onDisk?.equals(bytes)) result.missingUploads.push(name);
  }

  const { data: buckets, error: bucketsError } = await service.storage.listBuckets();
  if (bucketsError) throw new Error(`listing buckets: ${bucketsError.message}`);
  const objects = new Set<string>();
  for (const bucket of buckets) for (const name of await listObjects(service, bucket.id)) objects.add(`${bucket.id}/${name}`);
  const onDisk = new Set<string>();
  for (const file of await filesUnder(storageDir)) {
    const key = path.relative(storageDir, file).split(path.sep).join('/');
    if (file.endsWith('.uploading')) result.stagingFiles.push(key);
    else if (objects.has(key)) onDisk.add(key);
    else result.orphanedFiles.push(key);
  }
  for (const key of objects) if (!onDisk.has(key)) result.rowsWithoutFile.push(key);
  return result;
}

function expectIntact(inspection: Inspection, ledger: Ledger): void {
  expect(inspection.missingOrders, 'acknowledged orders missing after the restart').toEqual([]);
  expect(inspection.foundAcknowledged).toBe(ledger.acknowledged.size);
  expect(inspection.incompleteOrders, 'orders without (all) their lines').toEqual([]);
  expect(inspection.stockMismatches, 'stock taken ≠ units in orders').toEqual([]);
  expect(inspection.tableErrors, 'public tables that do not answer').toEqual([]);
  expect(inspection.missingUploads, 'acknowledged uploads without row or bytes').toEqual([]);
  expect(inspection.stagingFiles, 'staging files left behind').toEqual([]);
  expect(inspection.orphanedFiles, 'files without a storage.objects row').toEqual([]);
  expect(inspection.rowsWithoutFile, 'storage.objects rows without a file').toEqual([]);
}

/** Opens the (cleanly closed) data dir here and lets amcheck verify every heap and B-tree index. */
async function deepCheck(dataDir: string): Promise<{ relations: number; indexes: number; corruption: string[] }> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { ...pgliteExtensions, amcheck } });
  try {
    return await db.transaction(async (tx) => {
      await tx.exec('create extension amcheck');
      const corruption: string[] = [];
      const { rows: relations } = await tx.query<{ oid: number; name: string }>(
        `select c.oid::int as oid, format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm', 't') and c.relpersistence = 'p' order by 2`,
      );
      for (const relation of relations) {
        const { rows } = await tx.query<{ msg: string }>('select msg from verify_heapam($1::oid::regclass)', [relation.oid]);
        corruption.push(...rows.map((row) => `${relation.name}: ${row.msg}`));
        // A full read of every table (no index involved) must succeed too.
        await tx.query(`select count(*) from ${relation.name}`);
      }
      const { rows: indexes } = await tx.query<{ oid: number; name: string }>(
        `select c.oid::int as oid, format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          join pg_am am on am.oid = c.relam where c.relkind = 'i' and am.amname = 'btree' and c.relpersistence = 'p' order by 2`,
      );
      for (const index of indexes) {
        try {
          // heapallindexed: every heap tuple must be findable through the index.
          await tx.query('select bt_index_check($1::oid::regclass, true)', [index.oid]);
        } catch (error) {
          corruption.push(`${index.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      await tx.rollback();
      return { relations: relations.length, indexes: indexes.length, corruption };
    });
  } finally {
    await db.close();
  }
}

let dataDir: string | undefined;
let server: ChildServer | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('SIGKILL during a stream of orders and uploads loses no acknowledged write and leaves no corrupt database or stray file', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-fault-kill-'));
  const port = await freePort();
  server = await startChildServer({ port, dataDir, entry: LUMEN_START });
  const service = createNodeSupabaseClient(server.url, DEV_SERVICE_ROLE_KEY);

  const { data: items, error: itemsError } = await service.from('items').select('id, stock').order('id');
  if (itemsError) throw new Error(itemsError.message);
  const initialStock = new Map((items as { id: number; stock: number }[]).map((item) => [item.id, item.stock]));
  // Plenty of stock for every cycle, so the stream is mostly orders rather than stock_changed answers.
  const itemIds = [...initialStock].filter(([, stock]) => stock >= 10).map(([id]) => id);
  expect(itemIds.length).toBeGreaterThan(20);

  const run = Date.now().toString(36);
  const buyers: Buyer[] = [];
  for (let index = 0; index < BUYERS; index++) {
    const email = `fault-${run}-${index}@example.test`;
    const password = `fault-password-${index}`;
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw new Error(`creating ${email}: ${created.error.message}`);
    // Access tokens are JWTs signed with the fixed dev secret, so they stay valid across restarts.
    buyers.push({ id: created.data.user.id, client: await signIn(server.url, email, password) });
  }

  const ledger: Ledger = { ordersSent: 0, acknowledged: new Map(), uploadsSent: 0, uploads: new Map() };
  const uploadCounters = new Map<string, number>();
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const figures = await streamAndKill(server, buyers, itemIds, ledger, cycle, uploadCounters);
    server = await startChildServer({ port, dataDir, entry: LUMEN_START });
    const inspection = await inspect(server, dataDir, ledger, initialStock);
    // main.ts reports what the start-up sweep of staging files did (nothing printed = nothing to do).
    const sweep = /storage: (\d+) interrupted upload\(s\) completed, (\d+) stale staging file\(s\) removed/.exec(server.output());
    const found = figures.acknowledged.filter((id) => !inspection.missingOrders.includes(id)).length;
    const uploadsMissing = inspection.missingUploads.length;
    const orphans = inspection.orphanedFiles.length + inspection.stagingFiles.length;
    console.info(
      `fault: ${figures.ordersSent} orders sent, ${figures.acknowledged.length} acknowledged, ${found} found after restart ` +
        `(all acknowledged found: ${found === figures.acknowledged.length ? 'yes' : 'no'}); ` +
        `${figures.uploadsAcknowledged} uploads acknowledged, ${uploadsMissing === 0 ? 'all present' : `${uploadsMissing} missing`}; ` +
        `${orphans} orphaned files`,
    );
    console.info(
      `fault: cycle ${cycle}/${CYCLES}: SIGKILL with ${figures.inFlightAtKill} request(s) in flight; so far ${ledger.ordersSent} orders sent, ` +
        `${ledger.acknowledged.size} acknowledged, ${inspection.foundAcknowledged} found; ${ledger.uploads.size} of ${ledger.uploadsSent} uploads acknowledged; ` +
        `start-up sweep: ${sweep?.[1] ?? 0} interrupted upload(s) completed, ${sweep?.[2] ?? 0} staging file(s) removed; ` +
        `now ${inspection.stagingFiles.length} staging file(s), ${inspection.rowsWithoutFile.length} row(s) without a file`,
    );
    expectIntact(inspection, ledger);
  }

  await server.stop();
  const deep = await deepCheck(dataDir);
  console.info(`fault: amcheck after ${CYCLES} kills: ${deep.relations} relations and ${deep.indexes} B-tree indexes verified, ${deep.corruption.length} problem(s)`);
  expect(deep.corruption).toEqual([]);
  // Generous: each start takes 10–30 s of a shared 2-core machine (a cold one seeding pictures once
  // took over 120 s under a full run's load); the time only bounds a hang.
}, 480_000);
