import { ADJECTIVES, CATEGORIES, DESCRIPTION_DETAILS, DESCRIPTION_OPENERS, FINISHES } from './catalog-vocabulary.ts';
import { createRandom } from './random.ts';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  sort_order: number;
}

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
}

/** Distinct generated images per category; items draw their gallery from this pool. */
export const IMAGE_VARIANTS_PER_CATEGORY = 8;
export const IMAGE_WIDTHS = [320, 640] as const;
export const IMAGE_ASPECT = { width: 4, height: 5 } as const;

const CATALOG_EPOCH = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function imagePath(categorySlug: string, variant: number): string {
  return `${categorySlug}/${String(variant).padStart(2, '0')}`;
}

export function generateCategories(): SeedCategory[] {
  return CATEGORIES.map(({ slug, name, description }, index) => ({ slug, name, description, sort_order: index }));
}

function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The same `count` and `seed` always produce the same items, in the same order. */
export function generateItems(count: number, seed = 20261122): SeedItem[] {
  const random = createRandom(seed);
  const usedSlugs = new Map<string, number>();
  const items: SeedItem[] = [];
  for (let index = 0; index < count; index++) {
    const category = CATEGORIES[index % CATEGORIES.length];
    if (!category) throw new Error('no categories');
    const thing = random.pick(category.things);
    const material = random.pick(category.materials);
    const finish = random.pick(FINISHES);
    const title =
      random.chance(0.5) ? `${random.pick(ADJECTIVES)} ${material} ${thing}` : `${capitalise(material)} ${thing}, ${finish}`;
    const base = slugify(title);
    const seen = usedSlugs.get(base) ?? 0;
    usedSlugs.set(base, seen + 1);
    const slug = seen === 0 ? base : `${base}-${seen + 1}`;

    const [minPrice, maxPrice] = category.price;
    // Prices end in .00 or .50, like a real shop's.
    const price_cents = Math.round(random.int(minPrice, maxPrice) / 50) * 50;
    const stock = random.chance(0.08) ? 0 : random.int(1, 40);
    const details = [random.pick(DESCRIPTION_DETAILS), random.pick(DESCRIPTION_DETAILS)]
      .filter((line, i, lines) => lines.indexOf(line) === i)
      .map((line) => line.replace('{material}', material).replace('{finish}', finish));
    const description = `${random.pick(DESCRIPTION_OPENERS)}, this ${thing} is made of ${material} with ${withArticle(finish)} finish. ${details.join(' ')}`;

    const first = random.int(1, IMAGE_VARIANTS_PER_CATEGORY);
    const galleryLength = random.int(2, 3);
    const image_paths = Array.from({ length: galleryLength }, (_, n) =>
      imagePath(category.slug, ((first - 1 + n * 3) % IMAGE_VARIANTS_PER_CATEGORY) + 1),
    );

    items.push({
      slug,
      title: capitalise(title),
      description,
      price_cents,
      currency: 'EUR',
      stock,
      category_slug: category.slug,
      image_paths,
      featured: index < 16 && index % 2 === 0,
      created_at: new Date(CATALOG_EPOCH - random.int(0, 365) * DAY - random.int(0, DAY - 1)).toISOString(),
    });
  }
  return items;
}
