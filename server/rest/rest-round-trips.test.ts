import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createRestApp } from './rest-app.ts';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

let backend: RestTestBackend;
beforeAll(async () => {
  backend = await createRestTestBackend();
  await backend.serviceClient().from('items').insert([{ id: 1, name: 'a', qty: 1 }]);
});
afterAll(() => backend.close());

/** The backend's database, counting what REST sends it: each `exec` and `transaction` is one trip or more. */
function countingDatabase(db: Database) {
  const counts = { exec: 0, transaction: 0, query: 0 };
  const counted: Database = {
    get engine() {
      return db.engine;
    },
    get closed() {
      return db.closed;
    },
    query: (sql, params, options) => {
      counts.query++;
      return db.query(sql, params, options);
    },
    exec: (sql) => {
      counts.exec++;
      return db.exec(sql);
    },
    transaction: (fn) => {
      counts.transaction++;
      return db.transaction(fn);
    },
    listen: (channel, callback) => db.listen(channel, callback),
    close: () => db.close(),
  };
  return { db: counted, counts };
}

describe('trips to the database per request', () => {
  it('sends a read, and a call of a stable or immutable function, with its set-up as one message', async () => {
    const { db, counts } = countingDatabase(backend.ctx.db);
    const app = createRestApp({ ...backend.ctx, db });
    const headers = { apikey: backend.ctx.keys.anonKey, authorization: `Bearer ${backend.ctx.keys.anonKey}`, 'content-type': 'application/json' };
    // The first request loads the schema cache.
    await app.request('/items?select=id', { headers });
    const trips = async (path: string, init: RequestInit = {}) => {
      Object.assign(counts, { exec: 0, transaction: 0, query: 0 });
      const response = await app.request(path, { ...init, headers });
      return { status: response.status, body: await response.text(), counts: { ...counts } };
    };

    expect(await trips('/items?select=id')).toEqual({ status: 200, body: '[{"id":1}]', counts: { exec: 1, transaction: 0, query: 0 } });
    expect(await trips('/rpc/add_numbers', { method: 'POST', body: '{"a":2,"b":3}' })).toEqual({ status: 200, body: '5', counts: { exec: 1, transaction: 0, query: 0 } });
    expect(await trips('/rpc/greet?name=you')).toEqual({ status: 200, body: '"hello you"', counts: { exec: 1, transaction: 0, query: 0 } });
    // A volatile function may write: a transaction of its own, committed after the call.
    expect((await trips('/rpc/bump_qty', { method: 'POST', body: '{"item_id":1}' })).counts.transaction).toBe(1);
  });
});
