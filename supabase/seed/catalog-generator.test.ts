import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourWord, generateItems, itemPictures, productsOf, type SeedProduct } from './catalog-generator.ts';
import { CATEGORIES, COLOURS, MATERIALS } from './catalog-vocabulary.ts';
import { itemImageSvg } from './item-image.ts';
import { lookColour, type ItemLook } from './item-look.ts';
import { KIND_SPECS, MEASURES } from './kind-specs.ts';

const DEMO = generateItems(240);
// Larger than the demo, so every kind comes in each of its materials (the demo has no dining table).
const LARGE = generateItems(3000);
const KINDS = CATEGORIES.flatMap((category) => category.kinds.map((kind) => ({ ...kind, category: category.slug })));

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(...a.map((value, n) => value - (b[n] ?? 0)));
}

async function pixels(svg: string, width = 80): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(width, (width * 5) / 4).removeAlpha().raw().toBuffer();
}

/** How many pixels of the picture are (within a small tolerance) each of the given colours. */
async function colourCounts(look: ItemLook, candidates: Record<string, string>): Promise<Record<string, number>> {
  const raw = await pixels(itemImageSvg(look, 'front'), 96);
  const targets = Object.entries(candidates).map(([name, hex]) => [name, rgb(hex)] as const);
  const counts: Record<string, number> = Object.fromEntries(targets.map(([name]) => [name, 0]));
  for (let at = 0; at < raw.length; at += 3) {
    for (const [name, [r, g, b]] of targets) {
      if (distance([raw[at] ?? 0, raw[at + 1] ?? 0, raw[at + 2] ?? 0], [r, g, b]) < 14) counts[name] = (counts[name] ?? 0) + 1;
    }
  }
  return counts;
}

describe('the demo catalog', () => {
  it('never repeats a title or a slug, even at 100,000 items', () => {
    for (const items of [DEMO, generateItems(100_000)]) {
      expect(new Set(items.map((item) => item.title)).size).toBe(items.length);
      expect(new Set(items.map((item) => item.slug)).size).toBe(items.length);
    }
  });

  it('names each item by its kind, material and colour, and only combinations that exist', () => {
    for (const item of DEMO) {
      const kind = KINDS.find((candidate) => candidate.name === item.kind);
      expect(kind?.category, item.title).toBe(item.category_slug);
      expect(kind?.materials, item.title).toContain(item.look.material);
      const { colour, material } = item.look;
      if (colour) {
        expect(MATERIALS[material].colours, item.title).toContain(colour);
        expect(item.title.endsWith(`, ${colour}`), item.title).toBe(true);
      }
      expect(item.title.toLowerCase(), item.title).toContain(item.kind);
      if ((kind?.materials.length ?? 0) > 1) expect(item.title.toLowerCase(), item.title).toContain(material);
      // No second material or kind sneaks in: "Copper cast iron pot" cannot happen.
      for (const other of Object.keys(MATERIALS)) {
        if (other !== material && !material.includes(other) && !item.kind.includes(other)) {
          expect(item.title.toLowerCase(), item.title).not.toMatch(new RegExp(`\\b${other}\\b`));
        }
      }
    }
  });

  it('prices each kind within its own range, so a storage box costs less than any cabinet', () => {
    for (const item of DEMO) {
      const kind = KINDS.find((candidate) => candidate.name === item.kind);
      if (!kind) throw new Error(item.kind);
      const factor = MATERIALS[item.look.material].price;
      expect(item.price_cents, item.title).toBeGreaterThanOrEqual(kind.price[0] * factor - 1000);
      expect(item.price_cents, item.title).toBeLessThanOrEqual(kind.price[1] * factor + 1000);
    }
    const prices = (kind: string) => DEMO.filter((item) => item.kind === kind).map((item) => item.price_cents);
    expect(Math.max(...prices('storage box'))).toBeLessThan(Math.min(...prices('cabinet')));
    expect(Math.max(...prices('mug'))).toBeLessThan(Math.min(...prices('sofa')));
  });

  it('features one item in stock per category', () => {
    const featured = DEMO.filter((item) => item.featured);
    expect(featured.map((item) => item.category_slug).sort()).toEqual(CATEGORIES.map((category) => category.slug).sort());
    expect(featured.every((item) => item.stock > 0)).toBe(true);
  });

  it('draws each item in the colour its title names, or in its material’s own colour', async () => {
    const looks = new Map(DEMO.map((item) => [JSON.stringify(item.look), item]));
    const wrong: string[] = [];
    for (const item of looks.values()) {
      const own = lookColour(item.look);
      // A natural look is compared with the named colours that differ from it: porcelain is white.
      const candidates: Record<string, string> = item.look.colour
        ? { ...COLOURS }
        : { ...Object.fromEntries(Object.entries(COLOURS).filter(([, hex]) => distance(rgb(hex), rgb(own)) > 28)), own };
      const counts = await colourCounts(item.look, candidates);
      const expected = item.look.colour ?? 'own';
      const [dominant] = Object.entries(counts).sort((a, b) => b[1] - a[1]);
      if (dominant?.[0] !== expected) wrong.push(`${item.title}: ${JSON.stringify(counts)}`);
    }
    expect(wrong).toEqual([]);
    // Renders every look of the catalogue: seconds alone, past 30 s on a machine busy with other work.
  }, 120_000);

  it('gives every kind its own silhouette', async () => {
    const shapes = new Set(KINDS.map((kind) => kind.shape));
    expect(shapes.size).toBe(KINDS.length);
    // Masks of each kind drawn in one colour: no two overlap by more than 85 %.
    const masks = await Promise.all(
      KINDS.map(async (kind) => {
        const size = KIND_SPECS[kind.shape]?.size ?? [1, 1, 1];
        const raw = await pixels(itemImageSvg({ shape: kind.shape, material: 'cast iron', colour: null, size }, 'front'));
        return Uint8Array.from({ length: raw.length / 3 }, (_, n) => ((raw[n * 3] ?? 255) < 90 ? 1 : 0));
      }),
    );
    for (let a = 0; a < masks.length; a++) {
      for (let b = a + 1; b < masks.length; b++) {
        let both = 0;
        let either = 0;
        masks[a]?.forEach((value, n) => {
          const other = masks[b]?.[n] ?? 0;
          both += value & other;
          either += value | other;
        });
        expect(both / either, `${KINDS[a]?.name} vs ${KINDS[b]?.name}`).toBeLessThan(0.85);
      }
    }
  });

  it('shows every item 2–3 pictures of its own look, each drawn once', () => {
    const pictures = itemPictures(DEMO);
    expect(new Set(pictures.map((picture) => picture.path)).size).toBe(pictures.length);
    for (const item of DEMO) {
      expect(item.image_paths.length).toBeGreaterThanOrEqual(2);
      expect(item.image_paths.length).toBeLessThanOrEqual(3);
      for (const path of item.image_paths) expect(path.startsWith(`${item.look.shape}/`)).toBe(true);
    }
  });
});

describe('the demo catalog’s products', () => {
  const PRODUCTS = productsOf(DEMO);
  const variantsOf = (slug: string) => DEMO.filter((item) => item.product.slug === slug);

  it('groups the items into fewer products, each with its variants together and told apart by colour', () => {
    expect(PRODUCTS.length).toBeLessThan(DEMO.length / 2);
    expect(PRODUCTS.filter((product) => variantsOf(product.slug).length > 1).length).toBeGreaterThan(PRODUCTS.length / 3);
    for (const product of PRODUCTS) {
      const variants = variantsOf(product.slug);
      const first = DEMO.indexOf(variants[0] as (typeof DEMO)[number]);
      // Consecutive, at most four, one colour each, every title the product's own plus its colour.
      expect(DEMO.slice(first, first + variants.length)).toEqual(variants);
      expect(variants.length).toBeLessThanOrEqual(4);
      expect(new Set(variants.map((item) => item.options.colour)).size).toBe(variants.length);
      for (const item of variants) {
        expect(item.title, item.title).toBe(item.look.colour ? `${product.title}, ${item.look.colour}` : product.title);
        expect(item.category_slug).toBe(product.category_slug);
        expect(item.options.colour.toLowerCase()).toBe(colourWord(item.look));
      }
    }
    expect(new Set(PRODUCTS.map((product) => product.slug)).size).toBe(PRODUCTS.length);
  });

  it('describes each variant in the colour it is drawn in: velvet’s own colour is olive, not natural', () => {
    for (const item of DEMO) {
      expect(item.description, item.title).toContain(`In ${colourWord(item.look)} ${item.look.material}.`);
    }
    const velvet = DEMO.find((item) => item.look.material === 'velvet' && item.look.colour === null);
    expect(velvet?.description).toContain('In olive velvet.');
  });

  it('states sizes a shopper can trust: a six-seat dining table is long, a side table small, a rug lies flat', () => {
    const ofKind = (kind: string) => LARGE.filter((item) => item.kind === kind).map((item) => item.product);
    expect(ofKind('dining table').length).toBeGreaterThan(0);
    for (const table of ofKind('dining table')) {
      expect(table.width_cm).toBeGreaterThanOrEqual(180);
      expect(table.width_cm).toBeGreaterThan(table.depth_cm * 1.8);
    }
    for (const table of ofKind('side table')) expect(Math.max(table.width_cm, table.depth_cm)).toBeLessThanOrEqual(55);
    for (const rug of ofKind('rug')) expect(rug.height_cm).toBeLessThanOrEqual(2);
    for (const product of productsOf(LARGE)) {
      for (const value of [product.width_cm, product.depth_cm, product.height_cm, product.weight_kg]) expect(value).toBeGreaterThan(0);
      expect(product.materials).not.toBe('');
      expect(product.care).not.toBe('');
      expect(product.assembly).not.toBe('');
    }
  });

  it('keeps what a description says about size true of the product’s measures', () => {
    const broken: string[] = [];
    const unchecked: string[] = [];
    const used = new Set<RegExp>();
    for (const item of LARGE) {
      const product = item.product;
      const checked: [number, number][] = [];
      for (const claim of SIZE_CLAIMS) {
        for (const match of item.description.matchAll(new RegExp(claim.says.source, 'gi'))) {
          used.add(claim.says);
          checked.push([match.index, match.index + match[0].length]);
          if (!claim.holds(product, match.slice(1).map(Number))) {
            broken.push(`${product.title} (${product.width_cm} × ${product.depth_cm} × ${product.height_cm} cm): "${match[0]}"`);
          }
        }
      }
      // Every measure and size word the description uses is one of the claims above, or not about the product's size.
      for (const match of item.description.matchAll(SIZE_WORDS)) {
        const covered = checked.some(([from, to]) => match.index >= from && match.index < to);
        const around = item.description.slice(Math.max(0, match.index - 30), match.index + 30).toLowerCase();
        if (!covered && !NOT_ITS_SIZE.some((phrase) => around.includes(phrase.toLowerCase()))) {
          unchecked.push(`${item.kind}: "${match[0]}" in "${item.description}"`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect([...new Set(unchecked)]).toEqual([]);
    // No claim outlives the words it checks.
    expect(SIZE_CLAIMS.filter((claim) => !used.has(claim.says)).map((claim) => claim.says.source)).toEqual([]);
  });

  it('gives every product of one look one size, so the picture stored for the look is drawn to each of them', () => {
    const sizes = new Map<string, string>();
    for (const item of LARGE) {
      const size = JSON.stringify([item.product.width_cm, item.product.depth_cm, item.product.height_cm]);
      expect(item.look.size).toEqual([item.product.width_cm, item.product.depth_cm, item.product.height_cm]);
      for (const path of item.image_paths) {
        expect(sizes.get(path) ?? size, `${item.title}: ${path}`).toBe(size);
        sizes.set(path, size);
      }
    }
  });

  it('varies a kind’s measures around the stated ones, keeping round things round and stated sizes exact', () => {
    for (const product of productsOf(LARGE)) {
      const item = LARGE.find((candidate) => candidate.product === product);
      const spec = KIND_SPECS[item?.look.shape ?? ''];
      if (!spec) throw new Error(product.title);
      const size = [product.width_cm, product.depth_cm, product.height_cm];
      MEASURES.forEach((measure, n) => {
        const stated = spec.size[n] ?? 0;
        if (spec.fixed?.includes(measure)) expect(size[n], `${product.title} ${measure}`).toBe(stated);
        expect(size[n], `${product.title} ${measure}`).toBeGreaterThanOrEqual(Math.floor(stated * 0.9));
        expect(size[n], `${product.title} ${measure}`).toBeLessThanOrEqual(Math.ceil(stated * 1.1));
      });
      if (spec.same) expect(size[MEASURES.indexOf(spec.same[0])], product.title).toBe(size[MEASURES.indexOf(spec.same[1])]);
    }
  });
});

/** Roughly what a round body of this diameter and height holds, in ml. */
const holds = (product: SeedProduct) => Math.PI * (product.depth_cm / 2) ** 2 * product.height_cm;

/**
 * What the generator's descriptions say about a product's size, and what its measures must then
 * be. Seating: 60 cm a diner along a table's sides, 45–60 cm a person on a bench.
 */
const SIZE_CLAIMS: { says: RegExp; holds: (product: SeedProduct, numbers: number[]) => boolean }[] = [
  { says: /Seats six/, holds: (p) => p.width_cm >= 180 && p.width_cm < 240 },
  { says: /Seats three/, holds: (p) => p.width_cm >= 135 && p.width_cm < 180 },
  { says: /Three seats/, holds: (p) => p.width_cm >= 180 && p.width_cm <= 240 },
  { says: /Fits a (\d+) × (\d+) cm cushion/, holds: (p, [w, d]) => p.width_cm === w && p.depth_cm === d },
  { says: /reversible, (\d+) × (\d+) cm/, holds: (p, [w, d]) => p.width_cm === w && p.depth_cm === d },
  { says: /Flat-woven/, holds: (p) => p.height_cm <= 2 },
  { says: /For a (\d+) × (\d+) cm print/, holds: (p, [w = 0, h = 0]) => p.width_cm - w >= 2 && p.width_cm - w <= 10 && p.height_cm - h >= 2 && p.height_cm - h <= 10 },
  { says: /Round, (\d+) cm across/, holds: (p, [across]) => p.width_cm === across && p.height_cm === across },
  { says: /(\d+) cm across, with a low rim/, holds: (p, [across]) => p.width_cm === across && p.depth_cm === across },
  { says: /a (\d+) cm blade/, holds: (p, [blade = 0]) => p.width_cm - blade >= 8 && p.width_cm - blade <= 18 },
  { says: /Holds (\d+) ml/, holds: (p, [ml = 0]) => holds(p) >= ml && holds(p) <= 2 * ml },
  { says: /a litre/, holds: (p) => holds(p) >= 1000 && holds(p) <= 3000 },
  { says: /A small round top/, holds: (p) => p.width_cm === p.depth_cm && p.width_cm <= 55 },
  { says: /Low and wide/, holds: (p) => p.height_cm <= 45 && p.width_cm >= 2 * p.height_cm },
  { says: /Low and reclined/, holds: (p) => p.height_cm <= 90 && p.depth_cm >= p.height_cm },
  { says: /Long and low/, holds: (p) => p.width_cm >= 2 * p.height_cm && p.height_cm <= 90 },
  { says: /Narrow enough for a hallway, tall enough/, holds: (p) => p.depth_cm <= 40 && p.height_cm >= 70 },
  { says: /A tall, soft light/, holds: (p) => p.height_cm >= 140 },
  { says: /Counter height/, holds: (p) => p.height_cm >= 60 && p.height_cm <= 70 },
  { says: /Deep and upholstered/, holds: (p) => p.depth_cm >= 75 },
  { says: /A deep top/, holds: (p) => p.depth_cm >= 60 },
  { says: /each deep enough for large books/, holds: (p) => p.depth_cm >= 30 },
  { says: /Its long arm reaches/, holds: (p) => p.depth_cm >= 60 },
  { says: /a long, cool handle/, holds: (p) => p.width_cm - p.depth_cm >= 15 },
  { says: /Wide and deep/, holds: (p) => p.width_cm >= 24 && p.height_cm >= 9 },
  { says: /Shallow with a broad rim/, holds: (p) => p.height_cm <= 7 },
  { says: /Runs the length of a dining table/, holds: (p) => p.depth_cm >= 150 },
];

const SIZE_WORDS = /\b(?:small|large|larger|long|length|tall|low|narrow|wide|deep|shallow|short|big|compact|broad|high|\d+(?: × \d+)? ?(?:cm|mm|ml)|litre|seats?|two|three|four|five|six)\b/gi;

/** Size words in descriptions that are about something else than the product's measures. */
const NOT_ITS_SIZE = [
  'small batches', 'a small bulb', 'a narrow neck', 'a deep hem', 'long films', 'long dinners', 'a generous seat', 'Hangs low',
  'arms low enough', 'feel larger', 'a low rim', 'no two are', 'two pillowcases', 'Two tables', 'one under the other', 'Two doors',
  'Four drawers', 'Six hooks', 'Two panels', 'A seat, a perch', 'Five open shelves',
];
