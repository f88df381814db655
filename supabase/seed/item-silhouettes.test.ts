import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateItems, type SeedItem } from './catalog-generator.ts';
import { itemImageSvg } from './item-image.ts';
import type { ItemLook } from './item-look.ts';
import { placeSilhouette, SILHOUETTES, type Box } from './item-silhouettes.ts';
import { KIND_SPECS, MEASURES } from './kind-specs.ts';

// Larger than the demo (which has no dining table), so every kind comes in each of its materials.
const ITEMS = generateItems(3000);

/** One product of each size of each kind: what the pictures are drawn for. */
const DRAWN = [...new Map(ITEMS.map((item) => [`${item.look.shape} ${item.look.size.join('×')}`, item])).values()];

interface Pixels {
  box: Box | null;
  /** Whether anything is drawn on the picture's outermost pixels (cut off by the frame). */
  atEdge: boolean;
}

/** Where the given shapes, placed by the transform and drawn in one colour, land in the 400 × 500 picture. */
async function drawnPixels(shapes: string, transform: string): Promise<Pixels> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500"><rect width="400" height="500" fill="#fff"/><g transform="${transform}" fill="#000">${shapes.replace(/ fill="[^"]*"/g, '')}</g></svg>`;
  return extent(await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer(), (raw, at) => (raw[at] ?? 255) < 128);
}

function extent(raw: Buffer, inside: (raw: Buffer, at: number) => boolean): Pixels {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < 500; y++) {
    for (let x = 0; x < 400; x++) {
      if (!inside(raw, (y * 400 + x) * 3)) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  if (right < left) return { box: null, atEdge: false };
  return { box: { x: left, y: top, width: right - left + 1, height: bottom - top + 1 }, atEdge: left === 0 || top === 0 || right === 399 || bottom === 499 };
}

/**
 * The item's extent in its real picture: the pixels that change when only its colour does (two
 * dark finishes, so the backdrop stays the same), which is everything drawn in its material.
 */
async function pictureExtent(look: ItemLook): Promise<Box> {
  const render = (colour: ItemLook['colour']) => sharp(Buffer.from(itemImageSvg({ ...look, colour }, 'front'))).removeAlpha().raw().toBuffer();
  const [smoked, black] = await Promise.all([render('smoked'), render('matte black')]);
  const { box } = extent(smoked, (raw, at) => Math.abs((raw[at] ?? 0) - (black[at] ?? 0)) + Math.abs((raw[at + 1] ?? 0) - (black[at + 1] ?? 0)) > 24);
  if (!box) throw new Error(`nothing drawn for ${look.shape}`);
  return box;
}

const shown = (item: SeedItem) => {
  const silhouette = SILHOUETTES[item.look.shape];
  return {
    across: item.look.size[MEASURES.indexOf(silhouette?.across ?? 'width')] ?? 0,
    up: item.look.size[MEASURES.indexOf(silhouette?.up ?? 'height')] ?? 0,
  };
};

describe('product pictures drawn to scale', () => {
  const drawn = new Map<SeedItem, Pixels>();

  beforeAll(async () => {
    for (let start = 0; start < DRAWN.length; start += 8) {
      await Promise.all(
        DRAWN.slice(start, start + 8).map(async (item) => {
          const { transform } = placeSilhouette(item.look.shape, item.look.size);
          drawn.set(item, await drawnPixels(SILHOUETTES[item.look.shape]?.item ?? '', transform));
        }),
      );
    }
  }, 60_000);

  it('draws each product’s item where its placement says, and the picture uses that placement', () => {
    expect(DRAWN.length).toBeGreaterThan(150);
    for (const item of DRAWN) {
      const { transform, box } = placeSilhouette(item.look.shape, item.look.size);
      expect(itemImageSvg(item.look, 'front')).toContain(`transform="${transform}"`);
      const pixels = drawn.get(item)?.box;
      if (!pixels) throw new Error(`nothing drawn for ${item.title}`);
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(pixels[key] - box[key]), `${item.title} ${key}`).toBeLessThanOrEqual(2);
    }
  });

  it('draws a larger product of a kind larger: drawn width and height follow the measures they show', () => {
    const wrong: string[] = [];
    for (const a of DRAWN) {
      for (const b of DRAWN) {
        if (a.look.shape !== b.look.shape || a === b) continue;
        const [pa, pb] = [drawn.get(a)?.box, drawn.get(b)?.box];
        if (!pa || !pb) throw new Error(a.title);
        const [sa, sb] = [shown(a), shown(b)];
        for (const [measure, extent] of [['across', 'width'], ['up', 'height']] as const) {
          const [ma, mb] = [sa[measure], sb[measure]];
          const [da, db] = [pa[extent], pb[extent]];
          const fine = ma > mb ? da > db : ma === mb ? Math.abs(da - db) <= 2 : true;
          // Proportional, not merely in order: 10 % wider is drawn 10 % wider.
          const proportional = Math.abs(da / db - ma / mb) <= 0.03;
          if (!fine || !proportional) wrong.push(`${a.title} (${ma} cm, ${da} px) vs ${b.title} (${mb} cm, ${db} px), ${extent}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('draws what is seen from the front or side in the proportions of its measures', () => {
    const wrong: string[] = [];
    for (const item of DRAWN) {
      if (SILHOUETTES[item.look.shape]?.foreshortened) continue;
      const pixels = drawn.get(item)?.box;
      const { across, up } = shown(item);
      if (!pixels) throw new Error(item.title);
      const ratio = pixels.width / pixels.height / (across / up);
      if (ratio < 0.85 || ratio > 1.18) wrong.push(`${item.title}: ${across} × ${up} cm drawn ${pixels.width} × ${pixels.height} px`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the largest product of every kind inside the picture, with what is drawn with it', async () => {
    const cut: string[] = [];
    for (const [shape, spec] of Object.entries(KIND_SPECS)) {
      const largest = spec.size.map((cm, n) => (cm <= 2 || spec.fixed?.includes(MEASURES[n] ?? 'width') ? cm : Math.round(cm * 1.1))) as [number, number, number];
      const silhouette = SILHOUETTES[shape];
      const pixels = await drawnPixels(`${silhouette?.item ?? ''}${silhouette?.extra ?? ''}`, placeSilhouette(shape, largest).transform);
      if (pixels.atEdge) cut.push(shape);
    }
    expect(cut).toEqual([]);
  });

  it('shows a six-seat dining table long and low in its picture, a side table small and a tall bookshelf taller', async () => {
    const ofKind = (kind: string) => ITEMS.filter((item) => item.kind === kind && item.look.colour === null);
    const [tables, sideTables] = await Promise.all([ofKind('dining table'), ofKind('side table')].map((items) => Promise.all(items.map((item) => pictureExtent(item.look)))));
    expect(tables?.length).toBeGreaterThan(0);
    expect(sideTables?.length).toBeGreaterThan(0);
    for (const table of tables ?? []) {
      expect(table.width / table.height).toBeGreaterThan(2.2);
      for (const side of sideTables ?? []) {
        expect(table.width).toBeGreaterThan(side.width * 1.3);
        expect(table.height).toBeLessThan(side.height * 0.7);
      }
    }
    for (const side of sideTables ?? []) expect(side.width / side.height).toBeLessThan(1.2);

    const shelves = ofKind('bookshelf');
    const extents = await Promise.all(shelves.map((item) => pictureExtent(item.look)));
    const heights = new Set(shelves.map((item) => item.product.height_cm));
    expect(heights.size).toBeGreaterThan(1);
    shelves.forEach((a, i) =>
      shelves.forEach((b, j) => {
        if (a.product.height_cm > b.product.height_cm) expect(extents[i]?.height, `${a.title} vs ${b.title}`).toBeGreaterThan(extents[j]?.height ?? Infinity);
      }),
    );
  }, 60_000);
});
