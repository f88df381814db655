import fc from 'fast-check';
import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLumenDatabase, queryAsUser, refusal } from './lumen-database.ts';
import { addressFormats } from '../../scripts/generate-address-formats.ts';
import { cleanDelivery, deliveryProblems, type DeliveryDraft } from '../../src/features/orders/api/delivery-schema.ts';
import { DELIVERY_COUNTRIES, POSTCODE_RULES, phoneExample, type DeliveryCountry } from '../../src/features/orders/api/address-formats.ts';

const BUYER = '00000000-0000-4000-8000-0000000addee';
let db: Database;

/** Runs as the buyer and commits, as PostgREST would for a signed-in user. */
const asBuyer = <T,>(sql: string, params: unknown[] = []): Promise<T[]> => queryAsUser<T>(db, BUYER, sql, params);

const address = (country: DeliveryCountry, postcode: string, phone = ''): DeliveryDraft => ({
  full_name: 'Ada Lovelace',
  line1: '12 Harbour Street',
  line2: '',
  postcode,
  city: 'Town',
  country,
  phone,
});

/** JSON with sorted keys: jsonb orders an object's keys its own way. */
const canonical = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v));

async function dbProblems(delivery: unknown): Promise<Record<string, string>> {
  const [row] = await asBuyer<{ problems: Record<string, string> }>('select public.delivery_problems($1) as problems', [JSON.stringify(delivery)]);
  return row?.problems ?? {};
}

async function placeOrder(draft: DeliveryDraft) {
  await asBuyer(`insert into cart_items (item_id, quantity) values ((select id from items where slug = 'lamp'), 1)
    on conflict (user_id, item_id) do update set quantity = 1`);
  const [row] = await asBuyer<{ result: { status: string; order_id: number } }>('select public.place_order($1, $2) as result', [
    crypto.randomUUID(),
    JSON.stringify(cleanDelivery(draft)),
  ]);
  return row?.result;
}

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.exec(`
    insert into auth.users (id, email, aud, role) values ('${BUYER}', 'buyer@example.test', 'authenticated', 'authenticated');
    insert into categories (slug, name) values ('lighting', 'Lighting');
    insert into items (slug, title, price_cents, stock, category_id) values ('lamp', 'Lamp', 4900, 1000, 1);
  `);
});

afterAll(async () => {
  await db.close();
});

describe("PostgreSQL's regular expressions", () => {
  // Every pattern as the browser and as the database read it, on the same strings: the examples and
  // strings made of the characters the pattern is about.
  const patterns = addressFormats().flatMap((f) => [
    { name: `${f.country} postcode`, source: f.postcodePattern, flags: f.postcodeCaseInsensitive ? 'i' : '', anchored: true, alphabet: '0123456789ABCDEFHKLNPRSTVWXYZab -' },
    { name: `${f.country} phone`, source: f.phoneNationalPattern, flags: '', anchored: false, alphabet: '0123456789' },
    ...f.phoneTypes.map((t) => ({ name: `${f.country} ${t.type}`, source: t.pattern, flags: '', anchored: false, alphabet: '0123456789' })),
  ]);
  const samples = (alphabet: string, seed: number) =>
    fc.sample(fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 14 }), { numRuns: 150, seed });

  it.each(patterns)('reads the $name pattern as JavaScript does', async ({ source, flags, anchored, alphabet }) => {
    const whole = anchored ? source : `^(?:${source})$`;
    const js = new RegExp(whole, flags);
    const strings = [...new Set(samples(alphabet, whole.length))];
    const { rows } = await db.query<{ s: string; matches: boolean }>(
      `select s, case when $3 then s ~* $1 else s ~ $1 end as matches from unnest($2::text[]) as s`,
      [whole, strings, flags === 'i'],
    );
    expect(rows.filter((row) => row.matches !== js.test(row.s))).toEqual([]);
  });

  it('finds a match for every example', async () => {
    for (const f of addressFormats()) {
      const { rows } = await db.query<{ ok: boolean }>(`select $1 ~* $2 as ok`, [f.postcodeExample, f.postcodePattern]);
      expect(rows[0]?.ok, f.country).toBe(true);
    }
  });
});

describe('place_order', () => {
  const refusals: [DeliveryCountry, string, string][] = [
    ['DE', 'ABCDE', 'A German postcode has 5 digits, such as 10115.'],
    ['DE', '1011', 'A German postcode has 5 digits, such as 10115.'],
    ['NL', '12345', 'A Dutch postcode has 4 digits and 2 letters, such as 1011 AB.'],
    ['GB', '12345', 'A UK postcode has two parts of letters and digits, such as SW1A 1AA.'],
    ['IE', 'nowhere', 'An Irish Eircode has 7 letters and digits, such as D02 X285.'],
    ['PL', '00950', 'A Polish postcode has 5 digits with a hyphen after the second, such as 00-950.'],
  ];

  it.each(refusals)('refuses the %s postcode %j with what the country expects, ordering nothing', async (country, postcode, message) => {
    expect(await refusal(placeOrder(address(country, postcode)))).toEqual({
      code: '22023',
      message: `Check the delivery details: ${message}`,
      problems: { postcode: message },
    });
    expect(deliveryProblems(address(country, postcode))).toEqual({ postcode: message });
    expect(await asBuyer('select id from orders')).toEqual([]);
  });

  const accepted: [DeliveryCountry, string, string][] = [
    ['DE', ' 10115 ', '10115'],
    ['NL', '1011ab', '1011AB'],
    ['NL', '1011  ab', '1011 AB'],
    ['GB', 'sw1a 1aa', 'SW1A 1AA'],
    ['GB', 'SW1A1AA', 'SW1A1AA'],
    ['IE', 'd02 x285', 'D02 X285'],
    ['PL', '00-950', '00-950'],
  ];

  it.each(accepted)('accepts the %s postcode %j, stored as %j in the order and the address book', async (country, postcode, stored) => {
    const placed = await placeOrder(address(country, postcode));
    expect(placed?.status).toBe('placed');
    const [order] = await asBuyer<{ postcode: string }>(`select delivery ->> 'postcode' as postcode from orders where id = $1`, [placed?.order_id]);
    expect(order?.postcode).toBe(stored);
    expect(cleanDelivery(address(country, postcode)).postcode).toBe(stored);
    const [saved] = await asBuyer<{ postcode: string }>('select postcode from addresses order by last_used_at desc limit 1');
    expect(saved?.postcode).toBe(stored);
  });

  it('refuses phones that are not numbers of a delivery country, with the chosen country in the message', async () => {
    const cases: [DeliveryCountry, string, string][] = [
      ['DE', '12', `Enter a phone number for Germany, such as ${phoneExample('DE')}, or leave it empty.`],
      ['DE', 'call me', `Enter a phone number for Germany, such as ${phoneExample('DE')}, or leave it empty.`],
      ['NL', '+1 212 555 0100', `Enter a phone number for the Netherlands, such as ${phoneExample('NL')}, or leave it empty.`],
      ['GB', '+44 7624 369230', `Enter a phone number for the United Kingdom, such as ${phoneExample('GB')}, or leave it empty.`],
      ['IE', '+353 1 234', `Enter a phone number for Ireland, such as ${phoneExample('IE')}, or leave it empty.`],
      ['PL', '+48 512 345 678 ext. 12', `Enter a phone number for Poland, such as ${phoneExample('PL')}, or leave it empty.`],
    ];
    for (const [country, phone, message] of cases) {
      const draft = address(country, POSTCODE_RULES[country].example, phone);
      expect(deliveryProblems(draft), phone).toEqual({ phone: message });
      expect(await refusal(placeOrder(draft)), phone).toMatchObject({ code: '22023', problems: { phone: message } });
      // Nor as typed, sent straight to the API.
      expect(await dbProblems({ ...draft, phone }), phone).toEqual({ phone: message });
    }
    expect(await asBuyer('select id from orders where delivery ->> $1 is not null', ['phone'])).toEqual([]);
  });

  it('accepts a phone typed nationally for the chosen country or with any delivery country’s code, kept in international format', async () => {
    const cases: [DeliveryCountry, string, string][] = [
      ['DE', '030 123456', '+49 30 123456'],
      ['DE', '+49 (0)30 123456', '+49 30 123456'],
      ['DE', '0049 30 123456', '+49 30 123456'],
      ['GB', '020 7946 0018', '+44 20 7946 0018'],
      ['IE', '+353 91 123 456', '+353 91 123 456'],
      ['NL', '06 12345678', '+31 6 12345678'],
      ['AT', '+49 1512 3456789', '+49 1512 3456789'],
    ];
    for (const [country, phone, stored] of cases) {
      const placed = await placeOrder(address(country, POSTCODE_RULES[country].example, phone));
      const [order] = await asBuyer<{ phone: string }>(`select delivery ->> 'phone' as phone from orders where id = $1`, [placed?.order_id]);
      expect(order?.phone, phone).toBe(stored);
    }
    // The database reads only the international form: a national number sent straight to it is refused.
    expect(await dbProblems(address('DE', '10115', '030 123456'))).toEqual({
      phone: `Enter a phone number for Germany, such as ${phoneExample('DE')}, or leave it empty.`,
    });
  });

  it('refuses a country we do not deliver to, and says a postcode with no country is too long', async () => {
    expect(await dbProblems({ ...address('DE', '10115'), country: 'US' })).toEqual({ country: 'Choose the country.' });
    expect(deliveryProblems({ ...address('DE', '10115'), country: 'US' })).toEqual({ country: 'Choose the country.' });
    const noCountry = { ...address('DE', '1234567890123'), country: '', phone: '0301234' };
    const expected = {
      country: 'Choose the country.',
      postcode: 'The postcode can have 3 to 12 letters, digits, spaces or hyphens.',
      phone: `Enter a phone number with its country code, such as ${phoneExample('IE')}, or leave it empty.`,
    };
    expect(deliveryProblems(noCountry)).toEqual(expected);
    expect(await dbProblems(cleanDelivery(noCountry))).toEqual(expected);
  });
});

describe('the browser and the database', () => {
  /** Variations of an example: some still right, most wrong. */
  const postcodeMutations = (example: string) => [
    example,
    example.toLowerCase(),
    ` ${example.replace(' ', '  ')} `,
    example.replace(/[ -]/g, ''),
    example.replace(' ', '-'),
    example.slice(0, -1),
    `${example}0`,
    `0${example}`,
    example.replace(/\d/, 'O'),
    example.replace(/[A-Z]/, '9'),
    example.replace(/\d(?=\D*$)/, 'Z'),
    `${example.slice(0, 2)} ${example.slice(2)}`,
    example.replace(/0/g, '٠'),
    example.replace(/S/g, 'ſ'),
    'ABCDE',
    '12345',
    '1234',
    '123456',
    '00-950',
    '1011 AB',
    'SW1A 1AA',
    'D02 X285',
    '!',
  ];
  const phoneMutations = (example: string) => {
    const digits = example.replace(/\D/g, '');
    return [
      example,
      example.replace(/ /g, ''),
      example.replace(/ /g, '-'),
      `${example}1`,
      `${example}12345`,
      example.slice(0, -2),
      example.slice(0, 6),
      `+${digits.slice(0, 3)}0${digits.slice(3)}`,
      `00${digits}`,
      digits,
      `0${digits.slice(2)}`,
      `+${digits.replace(/^\d/, '9')}`,
      '+1 212 555 0100',
      '+44 7624 369230',
      '+39 06 6982 1234',
      '+49 30 123456',
      '+353 (1) 234-5678',
      'call me',
      '12',
    ];
  };

  it.each(DELIVERY_COUNTRIES)('agree on %s postcodes and phones: the same verdict, message and stored form', async (country) => {
    const { example } = POSTCODE_RULES[country];
    const drafts = [
      ...postcodeMutations(example).map((postcode) => address(country, postcode)),
      ...phoneMutations(phoneExample(country)).map((phone) => address(country, example, phone)),
    ];
    const sent = drafts.map((draft) => cleanDelivery(draft));
    const { rows } = await db.query<{ problems: Record<string, string>; cleaned: unknown }>(
      'select public.delivery_problems(d) as problems, public.clean_delivery(d) as cleaned from unnest($1::jsonb[]) with ordinality as t(d, n) order by n',
      [sent.map((delivery) => JSON.stringify(delivery))],
    );
    const disagreements = drafts.flatMap((draft, index) => {
      const browser = deliveryProblems(draft);
      const database = rows[index]?.problems;
      const stored = rows[index]?.cleaned;
      const same = canonical(browser) === canonical(database) && canonical(stored) === canonical(sent[index]);
      return same ? [] : [{ postcode: draft.postcode, phone: draft.phone, browser, database, sent: sent[index], stored }];
    });
    expect(disagreements).toEqual([]);
    // Both kinds of verdict occur: the examples pass, most mutations do not.
    expect(deliveryProblems(drafts[0] as DeliveryDraft)).toEqual({});
    expect(drafts.filter((draft) => Object.keys(deliveryProblems(draft)).length > 0).length).toBeGreaterThan(drafts.length / 2);
  });

  it('agree on random national numbers of every delivery country', async () => {
    const drafts = DELIVERY_COUNTRIES.flatMap((country, index) =>
      fc
        .sample(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 4, maxLength: 14 }), { numRuns: 60, seed: index + 1 })
        .flatMap((digits) => [address(country, POSTCODE_RULES[country].example, digits), address(country, POSTCODE_RULES[country].example, `+${digits}`)]),
    );
    const sent = drafts.map((draft) => cleanDelivery(draft));
    const { rows } = await db.query<{ problems: Record<string, string> }>(
      'select public.delivery_problems(d) as problems from unnest($1::jsonb[]) with ordinality as t(d, n) order by n',
      [sent.map((delivery) => JSON.stringify(delivery))],
    );
    const disagreements = drafts.filter((draft, index) => canonical(deliveryProblems(draft)) !== canonical(rows[index]?.problems));
    expect(disagreements.map((draft) => `${draft.country} ${draft.phone}`)).toEqual([]);
    expect(rows.filter((row) => Object.keys(row.problems).length === 0).length).toBeGreaterThan(50);
  });
});
