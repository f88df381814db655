import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCategories, generateItems, type SeedItem } from '../seed/catalog-generator.ts';
import { asActor, openLumenDatabase } from './lumen-database.ts';

// A judged query set over the real demo catalog: for each query, which items a shopper means,
// decided from what each item is (its kind, material, colour, category), not from its text.
const CATALOG = generateItems(240);
let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.query(
    `insert into categories (slug, name, description, sort_order)
     select slug, name, description, sort_order from jsonb_populate_recordset(null::categories, $1)`,
    [JSON.stringify(generateCategories())],
  );
  await db.query(
    `insert into items (slug, title, description, price_cents, currency, stock, category_id, image_paths, featured, created_at)
     select r.slug, r.title, r.description, r.price_cents, r.currency, r.stock, c.id, r.image_paths, r.featured, r.created_at
     from jsonb_to_recordset($1) as r (slug text, title text, description text, price_cents int, currency text, stock int,
       category_slug text, image_paths text[], featured boolean, created_at timestamptz)
     join categories c on c.slug = r.category_slug`,
    [JSON.stringify(CATALOG)],
  );
}, 60_000);

afterAll(async () => {
  await db.close();
});

async function search(query: string, pageSize = 60): Promise<{ total: number; slugs: string[] }> {
  return asActor(db, { role: 'anon' }, async (tx) => {
    const { rows } = await tx.query<{ r: { total: number; items: { slug: string }[] } }>(
      'select public.search_items(query => $1, page_size => $2) as r',
      [query, pageSize],
    );
    const result = rows[0]?.r;
    if (!result) throw new Error('no result');
    return { total: result.total, slugs: result.items.map((item) => item.slug) };
  });
}

const slugsOf = (judge: (item: SeedItem) => boolean) => new Set(CATALOG.filter(judge).map((item) => item.slug));
const isChair = (item: SeedItem) => /\bchair\b|armchair/.test(item.kind);

const JUDGED: { query: string; relevant: (item: SeedItem) => boolean }[] = [
  { query: 'black lamp', relevant: (item) => item.category_slug === 'lighting' && item.look.colour === 'matte black' },
  { query: 'sofa', relevant: (item) => item.kind === 'sofa' },
  { query: 'couch', relevant: (item) => item.kind === 'sofa' },
  { query: 'boucle', relevant: (item) => item.look.material === 'bouclé' },
  { query: 'BOUCLÉ', relevant: (item) => item.look.material === 'bouclé' },
  { query: 'oak chair', relevant: (item) => item.look.material === 'oak' && isChair(item) },
  { query: 'lighting', relevant: (item) => item.category_slug === 'lighting' },
  { query: 'lamps', relevant: (item) => item.category_slug === 'lighting' },
  // Lamps first, then the other lights: the word itself outranks its synonyms.
  { query: 'lamp', relevant: (item) => /lamp/.test(item.kind) },
  { query: 'seating', relevant: (item) => item.category_slug === 'seating' },
  { query: 'blue throw', relevant: (item) => item.kind === 'throw' && item.look.colour === 'navy' },
  { query: 'sage mug', relevant: (item) => item.kind === 'mug' && item.look.colour === 'sage' },
  { query: 'walnut', relevant: (item) => item.look.material === 'walnut' },
  { query: 'rug', relevant: (item) => item.kind === 'rug' },
  { query: 'mug', relevant: (item) => item.kind === 'mug' },
  { query: 'lmap', relevant: (item) => item.category_slug === 'lighting' },
  { query: 'wine glasses', relevant: (item) => item.kind === 'wine glass' },
];

describe('search relevance over the demo catalog', () => {
  it.each(JUDGED)('"$query": the top results are what was asked for, and all of it is found', async ({ query, relevant }) => {
    const expected = slugsOf(relevant);
    expect(expected.size, `the catalog has no item for "${query}"`).toBeGreaterThan(0);
    const { slugs } = await search(query);
    // Precision of the first results, as many as there are relevant items.
    const top = slugs.slice(0, expected.size);
    const misses = top.filter((slug) => !expected.has(slug));
    expect(misses, `"${query}" ranks these above what was asked for`).toEqual([]);
    expect(top).toHaveLength(expected.size);
  });

  it('answers nonsense, symbols, emoji, stop words and one over-long word with nothing', async () => {
    for (const query of ['asdfgh', 'xyzzy', 'qwertyuiop', 'zzzz', '🙂', '🚀🚀', '!!!', '∅ ≠ ∞', '%_%', 'the and', 'a'.repeat(60)]) {
      expect((await search(query)).total, query).toBe(0);
    }
  });

  it('lets colour and material words narrow the results', async () => {
    const lamps = (await search('lamp')).total;
    const black = (await search('black lamp')).total;
    const blackSteel = (await search('black steel lamp')).total;
    expect(black).toBeGreaterThan(0);
    expect(black).toBeLessThan(lamps);
    expect(blackSteel).toBeLessThanOrEqual(black);
    expect(blackSteel).toBeGreaterThan(0);
  });

  it('never lets a typo correction outrank an exact word: "rug" finds no mugs, "mug" no rugs', async () => {
    const rugs = slugsOf((item) => item.kind === 'rug');
    const mugs = slugsOf((item) => item.kind === 'mug');
    expect((await search('rug')).slugs.filter((slug) => !rugs.has(slug))).toEqual([]);
    expect((await search('mug')).slugs.filter((slug) => !mugs.has(slug))).toEqual([]);
  });
});
