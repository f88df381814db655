import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../gateway/jwt.ts';
import { createRestTestBackend, type RestTestBackend } from './testing/rest-test-backend.ts';

let backend: RestTestBackend;

beforeAll(async () => {
  backend = await createRestTestBackend();
});

afterAll(() => backend.close());

const url = 'http://localhost:54321/rest/v1';

describe('roles, JWTs and RLS', () => {
  it('lets a user read and write only their own rows', async () => {
    const alice = await backend.signedInClient('alice');
    const bob = await backend.signedInClient('bob');
    const created = await alice.client.from('notes').insert({ title: 'alice note' }).select('title, owner').single();
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ title: 'alice note', owner: alice.userId });
    const mine = await alice.client.from('notes').select('title, author:profiles(username)');
    expect(mine.data).toHaveLength(1);
    expect(mine.data?.[0].author).toEqual({ username: expect.stringMatching(/^alice-/) });
    const bobSees = await bob.client.from('notes').select();
    expect(bobSees.error).toBeNull();
    expect(bobSees.data).toEqual([]);
    const forged = await bob.client.from('notes').insert({ title: 'as alice', owner: alice.userId });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    expect(forged.error?.message).toBe('new row violates row-level security policy for table "notes"');
    const bobDelete = await bob.client.from('notes').delete().eq('owner', alice.userId).select();
    expect(bobDelete.data).toEqual([]);
    expect((await alice.client.from('notes').select('id')).data).toHaveLength(1);
  });

  it('denies anon writes with 401 and filters anon reads to nothing', async () => {
    const anon = backend.anonClient();
    const insert = await anon.from('notes').insert({ title: 'anon', owner: '00000000-0000-0000-0000-000000000000' });
    expect(insert.status).toBe(401);
    expect(insert.error?.code).toBe('42501');
    const read = await anon.from('notes').select();
    expect(read.data).toEqual([]);
  });

  it('lets return=minimal inserts through when SELECT is not allowed', async () => {
    const anon = backend.anonClient();
    const ok = await anon.from('drop_box').insert({ message: 'hi' });
    expect(ok.status).toBe(201);
    const rep = await anon.from('drop_box').insert({ message: 'hi' }).select();
    expect(rep.error?.code).toBe('42501');

  });

  it('sets the request GUCs and role for the transaction', async () => {
    const alice = await backend.signedInClient('gucs');
    const info = await alice.client.rpc('request_info');
    expect(info.data).toEqual({ method: 'POST', path: '/rpc/request_info', role: 'authenticated', claims_role: 'authenticated' });
    const who = await alice.client.rpc('whoami', undefined, { get: true });
    expect(who.data).toBe(alice.userId);
    const anonInfo = await backend.client(backend.ctx.keys.publishableKey).rpc('request_info', undefined, { get: true });
    expect(anonInfo.data).toEqual({ method: 'GET', path: '/rpc/request_info', role: 'anon', claims_role: 'anon' });
  });

  it('answers 401 for forged, expired and unknown-role tokens', async () => {
    const forged = await backend.fetch(`${url}/items`, { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(((await forged.json()) as { code: string }).code).toBe('PGRST301');
    const wrongKey = await signJwt({ role: 'service_role' }, 'another-secret-another-secret-another-secret');
    const wrong = await backend.fetch(`${url}/items`, { headers: { Authorization: `Bearer ${wrongKey}` } });
    expect(wrong.status).toBe(401);
    const expiredToken = await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 }, backend.ctx.keys.jwtSecret);
    const expired = await backend.fetch(`${url}/items`, { headers: { Authorization: `Bearer ${expiredToken}` } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    const superToken = await signJwt({ role: 'postgres' }, backend.ctx.keys.jwtSecret);
    const superUser = await backend.fetch(`${url}/items`, { headers: { Authorization: `Bearer ${superToken}` } });
    expect(superUser.status).toBe(401);
    expect(((await superUser.json()) as { code: string }).code).toBe('22023');
  });

  it('treats a request without any credential as anon', async () => {
    const res = await backend.fetch(`${url}/canary?select=secret`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ secret: 'tweet' }]);
  });

  it('reloads the schema cache after DDL', async () => {
    const before = await backend.anonClient().from('late_table').select();
    expect(before.status).toBe(404);
    await backend.ctx.db.exec(`create table public.late_table (id int primary key); grant select on public.late_table to anon; insert into public.late_table values (7);`);
    const after = await backend.anonClient().from('late_table').select();
    expect(after.data).toEqual([{ id: 7 }]);
  });
});
