import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourWord, generateItems, itemPictures, productsOf } from './catalog-generator.ts';
import { CATEGORIES, COLOURS, MATERIALS } from './catalog-vocabulary.ts';
import { itemImageSvg } from './item-image.ts';
import { lookColour, type ItemLook } from './item-look.ts';

const DEMO = generateItems(240);
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
        const raw = await pixels(itemImageSvg({ shape: kind.shape, material: 'cast iron', colour: null }, 'front'));
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
    const ofKind = (kind: string) => DEMO.filter((item) => item.kind === kind).map((item) => item.product);
    for (const table of ofKind('dining table')) {
      expect(table.width_cm).toBeGreaterThanOrEqual(180);
      expect(table.width_cm).toBeGreaterThan(table.depth_cm * 1.8);
    }
    for (const table of ofKind('side table')) expect(Math.max(table.width_cm, table.depth_cm)).toBeLessThanOrEqual(55);
    for (const rug of ofKind('rug')) expect(rug.height_cm).toBeLessThanOrEqual(2);
    for (const product of PRODUCTS) {
      for (const value of [product.width_cm, product.depth_cm, product.height_cm, product.weight_kg]) expect(value).toBeGreaterThan(0);
      expect(product.materials).not.toBe('');
      expect(product.care).not.toBe('');
      expect(product.assembly).not.toBe('');
    }
  });
});
