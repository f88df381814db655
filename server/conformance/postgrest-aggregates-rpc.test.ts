import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgrestBackend, type PostgrestBackend } from './postgrest-backend.ts';

/**
 * Aggregates (docs "Aggregate Functions", spec AggregateFunctionsSpec) and functions (docs
 * "Functions as RPC", spec RpcSpec) as PostgREST 12–14 answers them.
 */
let api: PostgrestBackend;
beforeAll(async () => {
  api = await createPostgrestBackend();
});
afterAll(() => api.close());

describe('aggregates', () => {
  it('are refused with PGRST123 until the in-database config enables them', async () => {
    const answer = await api.rest('/orders?select=amount.sum()');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
  });

  describe('enabled', () => {
    beforeAll(async () => {
      await api.ctx.db.exec(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`);
    });
    afterAll(async () => {
      await api.ctx.db.exec(`alter role authenticator reset pgrst.db_aggregates_enabled; notify pgrst, 'reload config';`);
    });

    it('aggregate the whole table into one row, with casts before and after', async () => {
      expect((await api.rest('/orders?select=amount.sum(),count()')).body).toEqual([{ sum: 35, count: 3 }]);
      expect((await api.rest('/orders?select=amount::text.max(),amount.avg()::int')).body).toEqual([{ max: '5', avg: 12 }]);
    });

    it('group by the other selected columns, aliased, with an exact count of groups', async () => {
      const answer = await api.rest('/orders?select=client_id,total:amount.sum(),count()&order=client_id', { headers: { Prefer: 'count=exact' } });
      expect(answer.body).toEqual([
        { client_id: 1, total: 30, count: 2 },
        { client_id: 2, total: 5, count: 1 },
      ]);
      expect(answer.headers.get('content-range')).toBe('0-1/2');
    });

    it('work inside an embed', async () => {
      expect((await api.rest('/clients?select=name,orders(amount.sum())&id=eq.1')).body).toEqual([{ name: 'Microsoft', orders: [{ sum: 30 }] }]);
    });
  });
});

describe('functions', () => {
  const post = (fn: string, body: string, contentType = 'application/json', headers: Record<string, string> = {}) =>
    api.rest(`/rpc/${fn}`, { method: 'POST', headers: { 'Content-Type': contentType, ...headers }, body });

  it('choose the overload whose parameter names were given', async () => {
    expect((await post('overloaded', '{"a": 1}')).body).toBe('a');
    expect((await post('overloaded', '{"a": 1, "b": 2}')).body).toBe('a,b');
    expect((await post('overloaded', '{"c": "x"}')).body).toBe('c');
    expect((await api.rest('/rpc/overloaded?a=1&b=2')).body).toBe('a,b');
  });

  it('give a single unnamed parameter the whole body: json, text/plain, octet-stream', async () => {
    expect((await post('json_keys', '{"b": 1, "a": 2}')).body).toEqual(['a', 'b']);
    expect((await post('echo_text', 'plain words', 'text/plain')).body).toBe('got plain words');
    expect((await post('bytes_length', 'abcd', 'application/octet-stream')).body).toBe(4);
  });

  it('take a row-type argument as a JSON object', async () => {
    expect((await post('project_name', '{"p": {"id": 7, "name": "Zune", "client_id": 1}}')).body).toBe('Zune#7');
  });

  it('return a single row as an object, and a set that can be embedded, filtered and counted', async () => {
    expect((await api.rest('/rpc/get_project?id=3&select=name')).body).toEqual({ name: 'IOS' });
    const answer = await api.rest('/rpc/get_projects?select=name,clients(name)&client_id=eq.2&limit=1', { headers: { Prefer: 'count=exact' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('0-0/2');
    expect(answer.body).toEqual([{ name: 'IOS', clients: { name: 'Apple' } }]);
  });

  it('roll back a volatile function whose rows exceed a strict max-affected (PGRST124)', async () => {
    const answer = await post('touch_projects', '{}', 'application/json', { Prefer: 'handling=strict, max-affected=2' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 5 rows' });
    expect((await api.rest('/projects?select=name&id=eq.1')).body).toEqual([{ name: 'Windows 7' }]);
  });
});
