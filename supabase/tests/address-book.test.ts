import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asActor, openLumenDatabase, queryAsUser, refusal } from './lumen-database.ts';

const OWNER = '00000000-0000-4000-8000-00000000b00c';
const OTHER = '00000000-0000-4000-8000-0000000007e4';
let db: Database;

/** Runs as a user and commits. */
const as = <T,>(sub: string, sql: string, params: unknown[] = []): Promise<T[]> => queryAsUser<T>(db, sub, sql, params);

const insert = (sub: string, name: string, postcode = 'D02 X285', country = 'IE') =>
  as<{ id: number }>(sub, `insert into addresses (full_name, line1, postcode, city, country) values ($1, '1 Road', $2, 'Town', $3) returning id`, [
    name,
    postcode,
    country,
  ]).then((rows) => rows[0]?.id ?? 0);

const defaults = async (sub: string) =>
  (await as<{ full_name: string }>(sub, 'select full_name from addresses where is_default order by id')).map((row) => row.full_name);

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.exec(`insert into auth.users (id, email, aud, role) values
    ('${OWNER}', 'owner@example.test', 'authenticated', 'authenticated'),
    ('${OTHER}', 'other@example.test', 'authenticated', 'authenticated');`);
});

beforeEach(async () => {
  await db.exec('delete from public.addresses');
});

afterAll(async () => {
  await db.close();
});

describe('the default address', () => {
  it('switches in one call, leaving exactly one default', async () => {
    const home = await insert(OWNER, 'Home');
    const work = await insert(OWNER, 'Work');
    expect(await defaults(OWNER)).toEqual([]);
    await as(OWNER, 'select public.set_default_address($1)', [home]);
    expect(await defaults(OWNER)).toEqual(['Home']);
    await as(OWNER, 'select public.set_default_address($1)', [work]);
    expect(await defaults(OWNER)).toEqual(['Work']);
    // Again: nothing changes.
    await as(OWNER, 'select public.set_default_address($1)', [work]);
    expect(await defaults(OWNER)).toEqual(['Work']);
  });

  it('is one per user: a second one written directly is refused', async () => {
    const home = await insert(OWNER, 'Home');
    await insert(OWNER, 'Work');
    await as(OWNER, 'select public.set_default_address($1)', [home]);
    await expect(as(OWNER, `update addresses set is_default = true where full_name = 'Work'`)).rejects.toMatchObject({ code: '23505' });
    // Another user's default is theirs: both may have one.
    const theirs = await insert(OTHER, 'Theirs');
    await as(OTHER, 'select public.set_default_address($1)', [theirs]);
    expect(await defaults(OWNER)).toEqual(['Home']);
    expect(await defaults(OTHER)).toEqual(['Theirs']);
  });

  it("cannot be set to another user's address, nor by a guest without a session", async () => {
    const mine = await insert(OWNER, 'Mine');
    const theirs = await insert(OTHER, 'Theirs');
    await as(OWNER, 'select public.set_default_address($1)', [mine]);
    expect(await refusal(as(OWNER, 'select public.set_default_address($1)', [theirs]))).toMatchObject({
      code: 'P0002',
      message: 'No such address in your address book.',
    });
    expect(await defaults(OWNER)).toEqual(['Mine']);
    expect(await defaults(OTHER)).toEqual([]);
    await expect(asActor(db, { role: 'anon' }, (tx) => tx.query('select public.set_default_address($1)', [mine]))).rejects.toThrow(/permission denied/);
  });
});

describe('every address stored is deliverable', () => {
  it('refuses an undeliverable address added or edited directly, naming each problem as place_order does', async () => {
    expect(await refusal(insert(OWNER, 'X', 'ABCDE', 'DE'))).toEqual({
      code: '22023',
      message: 'Check the delivery details: A German postcode has 5 digits, such as 10115.',
      problems: { postcode: 'A German postcode has 5 digits, such as 10115.' },
    });
    const id = await insert(OWNER, 'Ada');
    expect(await refusal(as(OWNER, `update addresses set postcode = '12345', country = 'NL', phone = 'call me' where id = $1`, [id]))).toMatchObject({
      code: '22023',
      problems: {
        postcode: 'A Dutch postcode has 4 digits and 2 letters, such as 1011 AB.',
        phone: 'Enter a phone number for the Netherlands, such as +31 6 12345678, or leave it empty.',
      },
    });
    const [kept] = await as<{ postcode: string; country: string }>(OWNER, 'select postcode, country from addresses where id = $1', [id]);
    expect(kept).toEqual({ postcode: 'D02 X285', country: 'IE' });
  });

  it('stores what it accepts cleaned, the way place_order does', async () => {
    const id = await insert(OWNER, '  Ada   Lovelace ', 'd02 x285');
    await as(OWNER, `update addresses set postcode = ' 1011ab ', country = 'nl', phone = '+31 6 12345678' where id = $1`, [id]);
    const [row] = await as(OWNER, 'select full_name, postcode, country, phone from addresses where id = $1', [id]);
    expect(row).toEqual({ full_name: 'Ada Lovelace', postcode: '1011AB', country: 'NL', phone: '+31 6 12345678' });
  });

  it('lets an address saved before the rules were stricter become the default, and be corrected', async () => {
    // Written as it could be before: the check did not exist yet.
    await db.exec(`set session_replication_role = replica;
      insert into addresses (user_id, full_name, line1, postcode, city, country) values ('${OWNER}', 'Old', 'nowhere', 'ABCDE', '???', 'DE');
      set session_replication_role = origin;`);
    const [old] = await as<{ id: number }>(OWNER, 'select id from addresses');
    await as(OWNER, 'select public.set_default_address($1)', [old?.id]);
    expect(await defaults(OWNER)).toEqual(['Old']);
    await as(OWNER, `update addresses set postcode = '10115' where id = $1`, [old?.id]);
    expect(await as(OWNER, 'select postcode from addresses')).toEqual([{ postcode: '10115' }]);
  });
});

describe('row-level security', () => {
  it('keeps each address book to its owner', async () => {
    const id = await insert(OWNER, 'Mine');
    expect(await as(OTHER, 'select * from addresses')).toEqual([]);
    expect(await as(OTHER, `update addresses set city = 'Elsewhere' where id = $1 returning id`, [id])).toEqual([]);
    expect(await as(OTHER, 'delete from addresses where id = $1 returning id', [id])).toEqual([]);
    await expect(
      as(OTHER, `insert into addresses (user_id, full_name, line1, postcode, city, country) values ($1, 'X', '1 Road', '10115', 'Berlin', 'DE')`, [OWNER]),
    ).rejects.toThrow(/row-level security/);
    expect(await as(OWNER, 'select full_name, city from addresses')).toEqual([{ full_name: 'Mine', city: 'Town' }]);
    expect(await as(OWNER, 'delete from addresses where id = $1 returning id', [id])).toEqual([{ id }]);
  });
});
