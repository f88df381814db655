import {
  CARE_NOTES,
  CATEGORIES,
  COLLECTIONS,
  DESCRIPTION_OPENERS,
  MATERIALS,
  type CategoryVocabulary,
  type ColourName,
  type Kind,
  type MaterialName,
} from './catalog-vocabulary.ts';
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

interface Combination {
  kind: Kind;
  material: MaterialName;
  colour: ColourName | null;
}

/** Every kind × material × colour the category really sells, in a seeded order that mixes kinds. */
function combinations(category: CategoryVocabulary, random: Random): Combination[] {
  const all = category.kinds.flatMap((kind) =>
    kind.materials.flatMap((material) =>
      [null, ...MATERIALS[material].colours].map((colour) => ({ kind, material, colour })),
    ),
  );
  for (let i = all.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [all[i], all[j]] = [all[j] as Combination, all[i] as Combination];
  }
  return all;
}

/** Whole euros ending in 9 from €20, otherwise whole or half euros: prices read like a shop's. */
function shopPrice(cents: number): number {
  const euros = Math.round(cents / 100);
  if (euros >= 20) return (euros - (euros % 10) + 9) * 100;
  return Math.max(1, Math.round(cents / 50)) * 50;
}

/**
 * The same `count` and `seed` always produce the same items, in the same order. Items take turns
 * across categories; within one, each combination is used once before any is used again under
 * another collection name, so titles (and slugs) never repeat.
 */
export function generateItems(count: number, seed = 20261122): SeedItem[] {
  const random = createRandom(seed);
  const perCategory = CATEGORIES.map((category) => combinations(category, random));
  const featuredIn = new Set<string>();
  const items: SeedItem[] = [];
  for (let index = 0; index < count; index++) {
    const categoryIndex = index % CATEGORIES.length;
    const category = CATEGORIES[categoryIndex] as CategoryVocabulary;
    const combos = perCategory[categoryIndex] as Combination[];
    const position = Math.floor(index / CATEGORIES.length);
    const place = position % combos.length;
    const { kind, material, colour } = combos[place] as Combination;
    const round = Math.floor(position / combos.length);
    const collection = COLLECTIONS[(place + round) % COLLECTIONS.length] as string;
    const edition = round >= COLLECTIONS.length ? ` No. ${Math.floor(round / COLLECTIONS.length) + 1}` : '';
    // "Dune wine glass", not "Dune glass wine glass": a kind made of one material goes without it.
    const made = kind.materials.length > 1 ? `${material} ` : '';
    const title = `${collection} ${made}${kind.name}${colour ? `, ${colour}` : ''}${edition}`;

    const [low, high] = kind.price;
    const price_cents = shopPrice(random.int(low, high) * MATERIALS[material].price);
    const stock = random.chance(0.08) ? 0 : random.int(1, 40);
    const description = [
      random.pick(DESCRIPTION_OPENERS),
      kind.purpose,
      `In ${colour ?? 'natural'} ${material}.`,
      CARE_NOTES[MATERIALS[material].texture],
    ].join(' ');

    const look: ItemLook = { shape: kind.shape, material, colour };
    const views = random.chance(0.5) ? IMAGE_VIEWS : IMAGE_VIEWS.slice(0, 2);
    // One featured item per category for the home page: the first in stock.
    const featured = stock > 0 && !featuredIn.has(category.slug);
    if (featured) featuredIn.add(category.slug);

    items.push({
      slug: slugify(title),
      title: capitalise(title),
      description,
      price_cents,
      currency: 'EUR',
      stock,
      category_slug: category.slug,
      image_paths: views.map((view) => imagePath(look, view)),
      featured,
      created_at: new Date(CATALOG_EPOCH - random.int(0, 365) * DAY - random.int(0, DAY - 1)).toISOString(),
      kind: kind.name,
      look,
    });
  }
  return items;
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
