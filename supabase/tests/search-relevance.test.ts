import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCategories, generateItems, productsOf, type SeedItem } from '../seed/catalog-generator.ts';
import { asActor, openLumenDatabase } from './lumen-database.ts';

// A judged query set over the real demo catalog: for each query, which variants a shopper means,
// decided from what each is (its kind, material, colour, category, size), not from its text. The
// shop lists products, so a result is a product shown through one of its variants.
const CATALOG = generateItems(240);
const PRODUCTS = productsOf(CATALOG);
let db: Database;

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.query(
    `insert into categories (slug, name, description, sort_order)
     select slug, name, description, sort_order from jsonb_populate_recordset(null::categories, $1)`,
    [JSON.stringify(generateCategories())],
  );
  await db.query(
    `insert into products (slug, title, description, category_id, width_cm, depth_cm, height_cm, weight_kg, materials, care,
       assembly, published_at, created_at)
     select r.slug, r.title, r.description, c.id, r.width_cm, r.depth_cm, r.height_cm, r.weight_kg, r.materials, r.care,
       r.assembly, r.created_at, r.created_at
     from jsonb_to_recordset($1) as r (slug text, title text, description text, category_slug text, width_cm numeric,
       depth_cm numeric, height_cm numeric, weight_kg numeric, materials text, care text, assembly text, created_at timestamptz)
     join categories c on c.slug = r.category_slug`,
    [JSON.stringify(PRODUCTS)],
  );
  await db.query(
    `insert into items (slug, title, description, price_cents, currency, stock, category_id, image_paths, featured, created_at,
       product_id, options)
     select r.slug, r.title, r.description, r.price_cents, r.currency, r.stock, c.id, r.image_paths, r.featured, r.created_at,
       p.id, r.options
     from jsonb_to_recordset($1) as r (slug text, title text, description text, price_cents int, currency text, stock int,
       category_slug text, image_paths text[], featured boolean, created_at timestamptz, product jsonb, options jsonb)
     join categories c on c.slug = r.category_slug
     join products p on p.slug = r.product->>'slug'`,
    [JSON.stringify(CATALOG)],
  );
}, 60_000);

afterAll(async () => {
  await db.close();
});

interface Found {
  total: number;
  /** The variant shown for each product, best first. */
  slugs: string[];
  products: string[];
  suggestion?: string;
}

async function search(query: string, pageSize = 60): Promise<Found> {
  return asActor(db, { role: 'anon' }, async (tx) => {
    const { rows } = await tx.query<{ r: { total: number; suggestion?: string; items: { slug: string; product_slug: string }[] } }>(
      'select public.search_items(query => $1, page_size => $2) as r',
      [query, pageSize],
    );
    const result = rows[0]?.r;
    if (!result) throw new Error('no result');
    return {
      total: result.total,
      slugs: result.items.map((item) => item.slug),
      products: result.items.map((item) => item.product_slug),
      ...(result.suggestion === undefined ? {} : { suggestion: result.suggestion }),
    };
  });
}

const slugsOf = (judge: (item: SeedItem) => boolean) => new Set(CATALOG.filter(judge).map((item) => item.slug));
const productsWith = (judge: (item: SeedItem) => boolean) => new Set(CATALOG.filter(judge).map((item) => item.product.slug));
const isTable = (item: SeedItem) => /tables?$/.test(item.kind);
const near = (size: number) => (item: SeedItem) =>
  [item.product.width_cm, item.product.depth_cm, item.product.height_cm].some((cm) => Math.abs(cm - size) <= Math.max(3, size * 0.1));
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
  // Compound words, joined or split: the shopper means the same thing either way.
  { query: 'teapot', relevant: (item) => item.kind === 'teapot' },
  { query: 'tea pot', relevant: (item) => item.kind === 'teapot' },
  { query: 'coffee table', relevant: (item) => item.kind === 'coffee table' },
  { query: 'coffeetable', relevant: (item) => item.kind === 'coffee table' },
  { query: 'wineglass', relevant: (item) => item.kind === 'wine glass' },
  // Typos: the corrected kind first, before words that are one letter away in descriptions.
  { query: 'sofs', relevant: (item) => item.kind === 'sofa' },
  { query: 'tepot', relevant: (item) => item.kind === 'teapot' },
  { query: 'armchiar', relevant: (item) => item.kind === 'armchair' },
  // Variants by their colour: the product is shown in the colour asked for.
  { query: 'sage sofa', relevant: (item) => item.kind === 'sofa' && item.look.colour === 'sage' },
  { query: 'navy teapot', relevant: (item) => item.kind === 'teapot' && item.look.colour === 'navy' },
  // A size: tables about 120 cm in one direction.
  { query: '120 cm table', relevant: (item) => isTable(item) && near(120)(item) },
  { query: 'side table 50cm', relevant: (item) => item.kind === 'side table' && near(50)(item) },
];

describe('search relevance over the demo catalog', () => {
  it.each(JUDGED)('"$query": the top results are what was asked for, and all of it is found', async ({ query, relevant }) => {
    const expected = productsWith(relevant);
    const variants = slugsOf(relevant);
    expect(expected.size, `the catalog has no item for "${query}"`).toBeGreaterThan(0);
    const { slugs, products } = await search(query);
    expect(new Set(products).size, `"${query}" lists a product twice`).toBe(products.length);
    // Precision of the first results, as many as there are relevant products, each shown through
    // a variant that is what was asked for.
    const top = slugs.slice(0, expected.size);
    const misses = top.filter((slug) => !variants.has(slug));
    expect(misses, `"${query}" ranks these above what was asked for`).toEqual([]);
    expect(top).toHaveLength(expected.size);
  });

  it('offers the correction of a typo, and none for words it knows or compounds it can split', async () => {
    expect((await search('sofs')).suggestion).toBe('sofa');
    expect((await search('nordic armchiar')).suggestion).toBe('nordic armchair');
    for (const query of ['sofa', 'tea pot', 'coffeetable', '120 cm table', 'lamps']) {
      expect((await search(query)).suggestion, query).toBeUndefined();
    }
  });

  it('lists each product once, through the variant that fits, with its name and number of variants', async () => {
    const { total } = await search('');
    expect(total).toBe(PRODUCTS.length);
    const rows = await asActor(db, { role: 'anon' }, async (tx) => {
      const { rows } = await tx.query<{ r: { items: { slug: string; product_title: string; variant_count: number; price_cents: number }[] } }>(
        `select public.search_items(query => 'sofa', sort => 'price_asc', max_price => $1) as r`,
        [Math.min(...CATALOG.filter((item) => item.kind === 'sofa').map((item) => item.price_cents))],
      );
      return rows[0]?.r.items ?? [];
    });
    // Only the cheapest sofa fits under its own price: its product is listed through it.
    const cheapest = CATALOG.filter((item) => item.kind === 'sofa').sort((a, b) => a.price_cents - b.price_cents)[0];
    expect(rows.map((row) => row.slug)).toContain(cheapest?.slug);
    for (const row of rows) {
      const item = CATALOG.find((candidate) => candidate.slug === row.slug);
      expect(row.product_title).toBe(item?.product.title);
      expect(row.variant_count).toBe(CATALOG.filter((candidate) => candidate.product.slug === item?.product.slug).length);
    }
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
