import {
  CARE_NOTES,
  CATEGORIES,
  COLLECTIONS,
  DESCRIPTION_OPENERS,
  MATERIALS,
  type CategoryVocabulary,
  type Kind,
  type Material,
  type MaterialName,
} from './catalog-vocabulary.ts';
import { KIND_SPECS, MEASURES, type KindSpec } from './kind-specs.ts';
import { IMAGE_VIEWS, type ImageView, type ItemLook } from './item-look.ts';
import { createRandom, type Random } from './random.ts';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  sort_order: number;
}

/** An item as the seed writes it, plus what it is (`look`), which pictures and tests read. */
export interface SeedItem {
  slug: string;
  title: string;
  description: string;
  price_cents: number;
  currency: string;
  stock: number;
  category_slug: string;
  image_paths: string[];
  featured: boolean;
  created_at: string;
  kind: string;
  look: ItemLook;
  /** The product this item is a variant of, and what tells it from its siblings. */
  product: SeedProduct;
  options: { colour: string };
}

/** A product as the seed writes it: what its variants share, specifications included. */
export interface SeedProduct {
  slug: string;
  title: string;
  description: string;
  category_slug: string;
  width_cm: number;
  depth_cm: number;
  height_cm: number;
  weight_kg: number;
  materials: string;
  care: string;
  assembly: string;
  /** When it was added and published (the demo catalog has no drafts). */
  created_at: string;
}

const CATALOG_EPOCH = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Storage path of one view of a look, without the "-{width}.webp" suffix. */
export function imagePath(look: ItemLook, view: ImageView): string {
  return `${look.shape}/${slugify(look.material)}-${look.colour ? slugify(look.colour) : 'natural'}-${view}`;
}

export function generateCategories(): SeedCategory[] {
  return CATEGORIES.map(({ slug, name, description }, index) => ({ slug, name, description, sort_order: index }));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a product is: one kind in one material; its variants are the material's colours. */
interface Design {
  kind: Kind;
  material: MaterialName;
}

/** Every kind × material the category really sells, in a seeded order that mixes kinds. */
function designs(category: CategoryVocabulary, random: Random): Design[] {
  const all = category.kinds.flatMap((kind) => kind.materials.map((material) => ({ kind, material })));
  return shuffle(all, random);
}

function shuffle<T>(values: T[], random: Random): T[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [values[i], values[j]] = [values[j] as T, values[i] as T];
  }
  return values;
}

/** Whole euros ending in 9 from €20, otherwise whole or half euros: prices read like a shop's. */
function shopPrice(cents: number): number {
  const euros = Math.round(cents / 100);
  if (euros >= 20) return (euros - (euros % 10) + 9) * 100;
  return Math.max(1, Math.round(cents / 50)) * 50;
}

/** A product has its material's own colour and up to this many dyed, stained or glazed ones. */
const MAX_COLOURS = 3;

type Size = [number, number, number];

/**
 * A kind's stated size, a little different per product (5 % steps either way, never below 1 cm),
 * except the measures its description states and those too small to vary; measures that are one
 * (a round top's width and depth) stay one. A step is drawn for every measure over 2 cm, used or
 * not, so the rest of the catalog (colours, prices, stock) does not move when a kind's spec does.
 */
function productSize(spec: KindSpec, random: Random): Size {
  const fixed = new Set((spec.fixed ?? []).map((measure) => MEASURES.indexOf(measure)));
  const size = spec.size.map((cm, n) => {
    if (cm <= 2) return cm;
    const step = random.int(0, 4);
    return fixed.has(n) ? cm : Math.max(1, Math.round(cm * (0.9 + step * 0.05)));
  }) as Size;
  if (spec.same) size[MEASURES.indexOf(spec.same[1])] = size[MEASURES.indexOf(spec.same[0])] as number;
  return size;
}

/** The colour a variant is called by: the named one, or its material's own ("natural oak", "olive velvet"). */
export function colourWord(look: Pick<ItemLook, 'material' | 'colour'>): string {
  return look.colour ?? (MATERIALS[look.material] as Material).ownColour ?? 'natural';
}

/**
 * The same `count` and `seed` always produce the same items, in the same order. Products take
 * turns across categories and each brings its variants one after the other (its material's own
 * colour first); within a category each kind × material is one product before any comes again
 * under another collection name, so titles (and slugs) never repeat. The last product may be cut
 * short to make `count`.
 */
export function generateItems(count: number, seed = 20261122): SeedItem[] {
  const random = createRandom(seed);
  const perCategory = CATEGORIES.map((category) => designs(category, random));
  const turns = CATEGORIES.map(() => 0);
  const featuredIn = new Set<string>();
  // Pictures are stored per kind, material and colour, so every product of one design (a kind in
  // a material, under whichever collection name) keeps the size the first one got: the picture
  // drawn to that size is true for all of them.
  const designSizes = new Map<string, Size>();
  const items: SeedItem[] = [];
  for (let productIndex = 0; items.length < count; productIndex++) {
    const categoryIndex = productIndex % CATEGORIES.length;
    const category = CATEGORIES[categoryIndex] as CategoryVocabulary;
    const options = perCategory[categoryIndex] as Design[];
    const position = turns[categoryIndex] ?? 0;
    turns[categoryIndex] = position + 1;
    const place = position % options.length;
    const { kind, material } = options[place] as Design;
    const round = Math.floor(position / options.length);
    const collection = COLLECTIONS[(place + round) % COLLECTIONS.length] as string;
    const edition = round >= COLLECTIONS.length ? ` No. ${Math.floor(round / COLLECTIONS.length) + 1}` : '';
    // "Dune wine glass", not "Dune glass wine glass": a kind made of one material goes without it.
    const made = kind.materials.length > 1 ? `${material} ` : '';
    const productTitle = capitalise(`${collection} ${made}${kind.name}${edition}`);
    const spec = KIND_SPECS[kind.shape] as KindSpec;
    const drawn = productSize(spec, random);
    const size = designSizes.get(`${kind.shape}/${material}`) ?? drawn;
    designSizes.set(`${kind.shape}/${material}`, size);
    const [width_cm, depth_cm, height_cm] = size;
    const texture = MATERIALS[material].texture;
    const opener = random.pick(DESCRIPTION_OPENERS);
    const basePrice = shopPrice(random.int(kind.price[0], kind.price[1]) * MATERIALS[material].price);
    const created_at = new Date(CATALOG_EPOCH - random.int(0, 365) * DAY - random.int(0, DAY - 1)).toISOString();
    const colours = [null, ...shuffle([...MATERIALS[material].colours], random).slice(0, MAX_COLOURS)];
    const product: SeedProduct = {
      slug: slugify(productTitle),
      title: productTitle,
      description: `${opener} ${kind.purpose}`,
      category_slug: category.slug,
      width_cm,
      depth_cm,
      height_cm,
      weight_kg: Math.round(spec.weightKg * (width_cm / spec.size[0]) * 100) / 100 || spec.weightKg,
      materials: capitalise(material),
      care: CARE_NOTES[texture],
      assembly: spec.assembly,
      created_at,
    };
    for (const colour of colours) {
      if (items.length >= count) break;
      const look: ItemLook = { shape: kind.shape, material, colour, size };
      const title = `${productTitle}${colour ? `, ${colour}` : ''}`;
      // A dyed, stained or glazed finish of a larger piece costs €10 more than the material's own.
      const price_cents = colour && basePrice >= 20000 ? basePrice + 1000 : basePrice;
      const stock = random.chance(0.08) ? 0 : random.int(1, 40);
      const views = random.chance(0.5) ? IMAGE_VIEWS : IMAGE_VIEWS.slice(0, 2);
      // One featured item per category for the home page: the first in stock.
      const featured = stock > 0 && !featuredIn.has(category.slug);
      if (featured) featuredIn.add(category.slug);
      items.push({
        slug: slugify(title),
        title,
        description: [opener, kind.purpose, `In ${colourWord(look)} ${material}.`, CARE_NOTES[texture]].join(' '),
        price_cents,
        currency: 'EUR',
        stock,
        category_slug: category.slug,
        image_paths: views.map((view) => imagePath(look, view)),
        featured,
        created_at,
        kind: kind.name,
        look,
        product,
        options: { colour: capitalise(colourWord(look)) },
      });
    }
  }
  return items;
}

/** The products of the given items, once each, in the order they first appear. */
export function productsOf(items: readonly SeedItem[]): SeedProduct[] {
  const products = new Map<string, SeedProduct>();
  for (const item of items) if (!products.has(item.product.slug)) products.set(item.product.slug, item.product);
  return [...products.values()];
}

/** Every picture the given items show, once each. */
export function itemPictures(items: readonly SeedItem[]): { path: string; look: ItemLook; view: ImageView }[] {
  const pictures = new Map<string, { path: string; look: ItemLook; view: ImageView }>();
  for (const item of items) {
    for (const view of IMAGE_VIEWS) {
      const path = imagePath(item.look, view);
      if (item.image_paths.includes(path) && !pictures.has(path)) pictures.set(path, { path, look: item.look, view });
    }
  }
  return [...pictures.values()];
}
