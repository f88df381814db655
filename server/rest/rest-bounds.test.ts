import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimeoutMs } from './role-timeouts.ts';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

// Each level multiplies: 240 items × 40 per category × 40 per category… — the probe's request that
// built 219 MB for 8 s and left the process gigabytes larger before the bound.
const NESTED = '/rest/v1/items?select=*,categories(*,items(*,categories(*,items(*,categories(*)))))';
const TIMEOUT_BODY = { code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null };

let backend: RestTestBackend;

beforeAll(async () => {
  backend = await createRestTestBackend();
  const service = backend.serviceClient();
  const categories = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `category ${i + 1}` }));
  const items = Array.from({ length: 240 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}`, description: 'x'.repeat(200), category_id: (i % 6) + 1 }));
  for (const [table, rows] of [['categories', categories], ['items', items]] as const) {
    const { error } = await service.from(table).insert(rows);
    if (error) throw new Error(error.message);
  }
});

afterAll(() => backend.close());

/** Sets a role's statement_timeout as a migration would, and tells the REST server to reload it. */
async function setRoleTimeout(role: string, value: string): Promise<void> {
  await backend.ctx.db.exec(`alter role ${role} set statement_timeout = '${value}'; notify pgrst, 'reload config'`);
}

/** A role's statement_timeout as set on it (the migration's value). */
async function roleTimeout(role: string): Promise<string> {
  const { rows } = await backend.ctx.db.query<{ value: string }>(
    `select split_part(item, '=', 2) as value from pg_roles, unnest(rolconfig) as item where rolname = $1 and split_part(item, '=', 1) = 'statement_timeout'`,
    [role],
  );
  if (!rows[0]) throw new Error(`${role} has no statement_timeout`);
  return rows[0].value;
}

const get = (path: string, key: string) => backend.fetch(`http://localhost${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });

describe('statement timeouts: one request must not hold every other', () => {
  it('stops an anonymous request at the anon role’s timeout, answering as PostgREST does, and stays small', async () => {
    // Shorter than the migration's 3 s: on a busy machine the rows were all checked before 3 s
    // had passed and only the JSON was built after it, so the request finished (200). A tenth of a
    // second is past long before this request's rows are.
    const configured = await roleTimeout('anon');
    await setRoleTimeout('anon', '100ms');
    const before = process.memoryUsage().rss;
    const response = await get(NESTED, backend.ctx.keys.anonKey).finally(() => setRoleTimeout('anon', configured));
    expect(response.status).toBe(500);
    expect(response.headers.get('proxy-status')).toBe('PostgREST; error=57014');
    expect(await response.json()).toEqual(TIMEOUT_BODY);
    const grownBy = process.memoryUsage().rss - before;
    // Unbounded, this request grew the process by more than 2 GB; bounded at 3 s it stays far below.
    expect(grownBy).toBeLessThan(1024 * 1024 * 1024);
    // And the next request is served as usual.
    const small = await get('/rest/v1/categories?select=id&limit=1', backend.ctx.keys.anonKey);
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual([{ id: 1 }]);
  });

  it('reads each role’s timeout from the database; service_role inherits the authenticator’s', async () => {
    // A filter the planner cannot answer from an index, over every embedded row.
    const path = '/rest/v1/categories?select=id,items(id,categories(id,items(id)))';
    await setRoleTimeout('authenticator', '1ms');
    try {
      const response = await get(path, backend.ctx.keys.serviceRoleKey);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual(TIMEOUT_BODY);
    } finally {
      await setRoleTimeout('authenticator', '8s');
    }
    const unbounded = await get(path, backend.ctx.keys.serviceRoleKey);
    expect(unbounded.status).toBe(200);
    expect(((await unbounded.json()) as unknown[]).length).toBe(6);
  });

  it('lets a role without a timeout run to the end', async () => {
    await setRoleTimeout('anon', '0');
    try {
      const response = await get('/rest/v1/categories?select=id,items(id,categories(id,items(id)))', backend.ctx.keys.anonKey);
      expect(response.status).toBe(200);
    } finally {
      await setRoleTimeout('anon', '3s');
    }
  });
});

describe('select list width: malformed input is a 4xx', () => {
  const selectOf = (count: number, item: (i: number) => string) => Array.from({ length: count }, (_, i) => item(i)).join(',');

  it('refuses more than 1664 select entries with a 400 carrying Postgres’ code and message', async () => {
    for (const select of [selectOf(1665, () => 'id'), selectOf(1665, (i) => `c${i}:name`), `*,${selectOf(1664, () => 'id')}`, `id,categories(${selectOf(1665, () => 'id')})`]) {
      const response = await get(`/rest/v1/items?select=${select}`, backend.ctx.keys.anonKey);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: '54011', message: 'target lists can have at most 1664 entries', details: null, hint: null });
    }
  });

  it('still answers a list of exactly 1664 entries', async () => {
    const response = await get(`/rest/v1/items?select=${selectOf(1664, (i) => `c${i}:id`)}&limit=1&order=id`, backend.ctx.keys.anonKey);
    expect(response.status).toBe(200);
    const [row] = (await response.json()) as Record<string, number>[];
    expect(Object.keys(row ?? {})).toHaveLength(1664);
    expect(row?.c1663).toBe(1);
  });
});

describe('nesting bounds: nothing nested deeply reaches the database', () => {
  const key = () => backend.ctx.keys.anonKey;
  const send = (path: string, init: RequestInit = {}) =>
    backend.fetch(`http://localhost${path}`, { ...init, headers: { apikey: key(), authorization: `Bearer ${key()}`, 'content-type': 'application/json', ...init.headers } });
  const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  /** The database still answers, and answers right, after whatever was refused. */
  async function stillServes(): Promise<void> {
    const response = await get('/rest/v1/categories?select=id&order=id&limit=2', key());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1 }, { id: 2 }]);
  }

  it('refuses a write body nested 100,000 deep with 400 PGRST102, whatever JSON Content-Type it names', async () => {
    // PGlite, handed this as json_to_record's text, broke its protocol state and later its process.
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json']) {
      const response = await send('/rest/v1/items', { method: 'POST', headers: { 'content-type': type }, body: `{"id":9001,"name":"deep","data":${deepArray(100_000)}}` });
      expect(response.status).toBe(400);
      expect(response.headers.get('proxy-status')).toBe('PostgREST; error=PGRST102');
      expect(await response.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    }
    // With ?columns= the body goes to Postgres unparsed: the bound applies all the same.
    const columns = await send('/rest/v1/items?columns=id,name,data', { method: 'POST', body: `[{"id":9002,"name":"x","data":${deepArray(600)}}]` });
    expect(columns.status).toBe(400);
    await stillServes();
  });

  it('refuses RPC arguments nested 5,000 deep (they recursed into a 500), and takes 512', async () => {
    const deep = await send('/rest/v1/rpc/add_numbers', { method: 'POST', body: `{"a":${deepArray(5_000)},"b":1}` });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ code: 'PGRST102' });
    const ok = await send('/rest/v1/rpc/echo_body', { method: 'POST', body: `{"x":${deepArray(511)}}` });
    expect(ok.status).toBe(200);
    await stillServes();
  });

  it('refuses an or= tree 1,800 deep (it overflowed the parser) and embeds past the bound, with 400 PGRST100', async () => {
    let tree = 'id.eq.1';
    for (let i = 0; i < 1_800; i++) tree = `or(${tree},id.eq.2)`;
    const logic = await get(`/rest/v1/items?or=(${tree})`, key());
    expect(logic.status).toBe(400);
    expect(await logic.json()).toMatchObject({ code: 'PGRST100' });

    // Nested about seventy deep, PGlite answered [] where there are rows: a silent wrong answer.
    // categories → items → categories …, each to-many level narrowed to one item.
    const nested = (depth: number) => {
      const relations = Array.from({ length: depth }, (_, i) => (i % 2 === 0 ? 'items' : 'categories'));
      const select = relations.reduceRight((inner, relation) => `id,${relation}(${inner})`, 'id');
      const filters = relations.flatMap((relation, i) => (relation === 'items' ? [`${relations.slice(0, i + 1).join('.')}.id=eq.1`] : []));
      return `/rest/v1/categories?select=${select}&id=eq.1&${filters.join('&')}`;
    };
    const tooDeep = await get(nested(70), key());
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toMatchObject({ code: 'PGRST100', details: 'embedded resources may nest at most 16 levels' });
    const deepest = await get(nested(16), key());
    expect(deepest.status, await deepest.clone().text()).toBe(200);
    expect(JSON.stringify(await deepest.json()).match(/"items":\[\{"id":1/g)).toHaveLength(8);
    await stillServes();
  });

  it('answers JSON or array filter values nested too deep with 400, never a 5xx', async () => {
    const json = await get(`/rest/v1/items?data=cs.${deepArray(6_000)}`, key());
    expect(json.status).toBe(400);
    // Seven dimensions: Postgres refuses with 54000, a client error rather than PostgREST's 500.
    const array = await get('/rest/v1/items?tags=cs.{{{{{{{a}}}}}}}', key());
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({ code: '54000' });
    const path = await get(`/rest/v1/items?select=${`data${'->a'.repeat(1_000)}`}`, key());
    expect(path.status).toBe(400);
    await stillServes();
  });
});

describe('parseTimeoutMs', () => {
  it.each([
    ['3s', 3000], ['8000', 8000], ['250ms', 250], ['1min', 60_000], ['1.5s', 1500], ['2h', 7_200_000], ['0', null], ['soon', null],
  ])('%s → %s', (text, ms) => {
    expect(parseTimeoutMs(text)).toBe(ms);
  });
});
