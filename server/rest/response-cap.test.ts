import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, withinResponseCap } from './response-cap.ts';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

let backend: RestTestBackend;
/** The same backend with a 4 KiB cap on REST answers. */
let capped: Hono;

beforeAll(async () => {
  backend = await createRestTestBackend();
  const categories = Array.from({ length: 4 }, (_, i) => ({ id: i + 1, name: `category ${i + 1}` }));
  const items = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `item ${i + 1} ${'x'.repeat(100)}`, category_id: (i % 4) + 1 }));
  for (const [table, rows] of [['categories', categories], ['items', items]] as const) {
    const { error } = await backend.serviceClient().from(table).insert(rows);
    if (error) throw new Error(error.message);
  }
  capped = await createApp({ backend: backend.ctx, rest: { maxResponseBytes: 4096 } });
});
afterAll(() => backend.close());

const service = () => ({ apikey: backend.ctx.keys.serviceRoleKey, authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}` });
const request = (path: string, init: RequestInit = {}) =>
  Promise.resolve(capped.request(`http://localhost/rest/v1${path}`, { ...init, headers: { ...service(), ...init.headers } }));

const REFUSAL = {
  code: '54000',
  message: 'The response is larger than the 4096 bytes this server answers with',
  hint: 'Ask for fewer rows with limit (and offset or a range for the next page), or for fewer or smaller embedded resources in select',
};

describe('the cap on a REST answer’s size', () => {
  it('refuses a read whose embeds multiply past the cap, in PostgREST’s shape, and answers the same read paged', async () => {
    // 40 items, each with its category and that category's 10 items: far more than 4 KiB.
    const response = await request('/items?select=id,categories(id,items(id,name))');
    expect(response.status).toBe(400);
    expect(response.headers.get('proxy-status')).toBe('PostgREST; error=54000');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject(REFUSAL);
    expect(body.details).toMatch(/^The response would be \d+ bytes$/);

    const paged = await request('/items?select=id,categories(id,items(id))&limit=2&order=id');
    expect(paged.status).toBe(200);
    expect(((await paged.json()) as unknown[]).length).toBe(2);
    // HEAD builds no body, so there is nothing to refuse.
    expect((await request('/items?select=id,categories(id,items(id,name))', { method: 'HEAD' })).status).toBe(200);
  });

  it('applies to function results, a set’s and a single value’s', async () => {
    expect(await (await request('/rpc/items_in?cat=1&select=id,name,categories(id,items(id,name))')).json()).toMatchObject(REFUSAL);
    const echo = await request('/rpc/echo_body', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'y'.repeat(5000) }) });
    expect(echo.status).toBe(400);
    expect(await echo.json()).toMatchObject(REFUSAL);
  });

  it('rolls back a write whose representation is refused: the answer is an error, so nothing was written', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: 1000 + i, name: `${i} ${'z'.repeat(300)}`, category_id: 1 }));
    const refused = await request('/items?select=id,name', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(rows),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject(REFUSAL);
    const { count } = await backend.serviceClient().from('items').select('id', { count: 'exact', head: true }).gte('id', 1000);
    expect(count).toBe(0);
    // Without the representation the same write is answered.
    const minimal = await request('/items', { method: 'POST', headers: { 'content-type': 'application/json', prefer: 'return=minimal' }, body: JSON.stringify(rows) });
    expect(minimal.status).toBe(201);
  });

  it('lets the backend’s own app answer a 5 MB value with the default cap refused, and 1 MB through', async () => {
    const echo = (bytes: number) =>
      backend.fetch('http://localhost/rest/v1/rpc/echo_body', {
        method: 'POST',
        headers: { ...service(), 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'y'.repeat(bytes) }),
      });
    const big = await echo(5 * 1024 * 1024);
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ code: '54000', message: 'The response is larger than the 4 MiB this server answers with' });
    const fine = await echo(1024 * 1024);
    expect(fine.status).toBe(200);
    expect(((await fine.json()) as { text: string }).text.length).toBe(1024 * 1024);
  });
});

describe('withinResponseCap', () => {
  it('counts UTF-8 bytes, not string length, near the cap', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(4 * 1024 * 1024);
    // 1,000 characters of three bytes each: 3,000 bytes.
    const text = '€'.repeat(1000);
    expect(withinResponseCap(text, { maxResponseBytes: 3000 })).toBe(text);
    expect(() => withinResponseCap(text, { maxResponseBytes: 2999 })).toThrow(/larger than the 2999 bytes/);
    expect(withinResponseCap('a'.repeat(2999), { maxResponseBytes: 2999 })).toHaveLength(2999);
  });
});
