import * as z from 'zod/mini';
import { parsePriceCents } from '@/utils/price-input';

/** The item form as typed: every field a string, as inputs hold them. */
export interface ItemFormValues {
  title: string;
  slug: string;
  description: string;
  price: string;
  categoryId: string;
  featured: boolean;
  stock: string;
  /** A variant's options (empty: the variant has no such option). */
  colour: string;
  material: string;
}

export type ItemFormErrors = Partial<Record<keyof ItemFormValues, string>>;

/** What items accepts (the table's checks in supabase/migrations/20261122000100_catalog.sql). */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const ItemInputSchema = z.object({
  title: z.string().check(
    z.refine((title) => title.trim().length > 0, 'Give the item a name.'),
    z.maxLength(200, 'Keep the name under 200 characters.'),
  ),
  slug: z.string().check(
    z.refine((slug) => slug.length > 0, 'Choose a web address for the item.'),
    z.maxLength(120, 'Keep the web address under 120 characters.'),
    z.regex(SLUG_PATTERN, 'Use lower-case letters, digits and single dashes between them, like “linen-cushion”.'),
  ),
  description: z.string().check(z.maxLength(5000, 'Keep the description under 5,000 characters.')),
  colour: z.string().check(z.refine((value) => value.trim().length <= 40, 'Keep the colour under 40 characters.')),
  material: z.string().check(z.refine((value) => value.trim().length <= 40, 'Keep the material under 40 characters.')),
});

/** The web address an item would get from its name: "Café Table — Oak" → "cafe-table-oak". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

export interface ItemInput {
  title: string;
  slug: string;
  description: string;
  price_cents: number;
  category_id: number;
  featured: boolean;
  stock: number;
  /** Option name → value, such as { colour: 'Rust' } (items.options). */
  options: Record<string, string>;
}

/** Option name → value for the option fields filled in; the database wants lower-case names. */
export function itemOptions(values: Pick<ItemFormValues, 'colour' | 'material'>): Record<string, string> {
  const options: Record<string, string> = {};
  if (values.colour.trim()) options.colour = values.colour.trim();
  if (values.material.trim()) options.material = values.material.trim();
  return options;
}

/** Checks the form; the item to save, or an error per field (every message says what to do). */
export function parseItemForm(values: ItemFormValues): { input: ItemInput } | { errors: ItemFormErrors } {
  const errors: ItemFormErrors = {};
  const parsed = ItemInputSchema.safeParse({
    title: values.title,
    slug: values.slug,
    description: values.description,
    colour: values.colour,
    material: values.material,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ItemFormValues;
      errors[field] ??= issue.message;
    }
  }
  const priceCents = parsePriceCents(values.price);
  if (values.price.trim() === '') errors.price = 'Enter a price.';
  else if (priceCents === null) errors.price = 'Enter a price in euros, like 24.50.';
  const categoryId = Number(values.categoryId);
  if (!values.categoryId || !Number.isInteger(categoryId)) errors.categoryId = 'Choose a category.';
  const stock = Number(values.stock);
  if (!/^\d{1,6}$/.test(values.stock.trim())) errors.stock = 'Enter how many you have, a whole number from 0.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      title: values.title.trim(),
      slug: values.slug,
      description: values.description.trim(),
      price_cents: priceCents ?? 0,
      category_id: categoryId,
      featured: values.featured,
      stock,
      options: itemOptions(values),
    },
  };
}
