import * as z from 'zod/mini';
import { parsePriceCents } from '@/utils/price-input';
import { itemOptions, slugFromTitle } from './item-form-schema.ts';

/**
 * The product form as typed (every field a string, as inputs hold them): what a product's variants
 * share. Bounds are the products table's checks (supabase/migrations/20261130000100_products_and_variants.sql).
 */
export interface ProductFormValues {
  title: string;
  description: string;
  categoryId: string;
  width: string;
  depth: string;
  height: string;
  weight: string;
  materials: string;
  care: string;
  assembly: string;
}

/** The first variant, asked for with a new product: it is what shoppers will buy. */
export interface FirstVariantFormValues {
  colour: string;
  material: string;
  slug: string;
  price: string;
  stock: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues | keyof FirstVariantFormValues, string>>;

export interface ProductInput {
  title: string;
  description: string;
  category_id: number;
  width_cm: number | null;
  depth_cm: number | null;
  height_cm: number | null;
  weight_kg: number | null;
  materials: string;
  care: string;
  assembly: string;
}

/** What create_product takes: the product and its first variant. */
export interface NewProductInput extends ProductInput {
  variant_title: string;
  variant_slug: string;
  price_cents: number;
  stock: number;
  options: Record<string, string>;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  title: '',
  description: '',
  categoryId: '',
  width: '',
  depth: '',
  height: '',
  weight: '',
  materials: '',
  care: '',
  assembly: '',
};

export const EMPTY_FIRST_VARIANT: FirstVariantFormValues = { colour: '', material: '', slug: '', price: '', stock: '0' };

/** The database's largest measure: 100,000 cm or kg (a typo, not furniture, goes past it). */
const MAX_MEASURE = 100_000;

/**
 * A measure as people type it: "80", "80.5", "80,5" (a decimal comma). Empty is "not given".
 * `decimals` is the column's scale: numeric(7, 1) for centimetres, numeric(8, 2) for kilograms.
 */
function measure(label: string, unit: string, decimals: number) {
  const pattern = new RegExp(`^\\d{1,6}(?:[.,]\\d{1,${decimals}})?$`);
  const example = decimals === 1 ? '80.5' : '12.25';
  return z.string().check(
    z.refine((text) => text.trim() === '' || pattern.test(text.trim()), `Enter the ${label} in ${unit}, like ${example} (at most ${decimals === 1 ? 'one decimal' : 'two decimals'}).`),
    z.refine((text) => {
      if (text.trim() === '' || !pattern.test(text.trim())) return true;
      const value = Number(text.trim().replace(',', '.'));
      return value > 0 && value <= MAX_MEASURE;
    }, `The ${label} must be above 0 and at most ${MAX_MEASURE.toLocaleString('en-IE')} ${unit}.`),
  );
}

const ProductSchema = z.object({
  title: z.string().check(
    z.refine((title) => title.trim().length > 0, 'Give the product a name.'),
    z.maxLength(200, 'Keep the name under 200 characters.'),
  ),
  description: z.string().check(z.maxLength(5000, 'Keep the description under 5,000 characters.')),
  categoryId: z.string().check(z.regex(/^[1-9]\d*$/, 'Choose a category.')),
  width: measure('width', 'cm', 1),
  depth: measure('depth', 'cm', 1),
  height: measure('height', 'cm', 1),
  weight: measure('weight', 'kg', 2),
  materials: z.string().check(z.maxLength(500, 'Keep the materials under 500 characters.')),
  care: z.string().check(z.maxLength(1000, 'Keep the care instructions under 1,000 characters.')),
  assembly: z.string().check(z.maxLength(1000, 'Keep the assembly notes under 1,000 characters.')),
});

/** An option's value: the database takes 1 to 40 characters (empty means the variant has no such option). */
const optionValue = (name: string) =>
  z.string().check(z.refine((value) => value.trim().length <= 40, `Keep the ${name} under 40 characters.`));

const FirstVariantSchema = z.object({
  colour: optionValue('colour'),
  material: optionValue('material'),
  slug: z.string().check(
    z.refine((slug) => slug.length > 0, 'Choose a web address for the variant.'),
    z.maxLength(120, 'Keep the web address under 120 characters.'),
    z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes between them, like “linen-cushion”.'),
  ),
});

function collect<K extends string>(issues: readonly { path: PropertyKey[]; message: string }[], errors: Partial<Record<K, string>>) {
  for (const issue of issues) {
    const field = issue.path[0] as K;
    errors[field] ??= issue.message;
  }
}

const measureValue = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** A variant's name as the shop shows it: "Linden table, Rust, Velvet" (the demo catalog's form). */
export function variantTitle(productTitle: string, options: Record<string, string>): string {
  return [productTitle.trim(), ...Object.values(options)].filter(Boolean).join(', ').slice(0, 200);
}

/** The first variant's web address, from the product's name and its options, until staff edit it. */
export function firstVariantSlug(productTitle: string, values: { colour: string; material: string }): string {
  return slugFromTitle(variantTitle(productTitle, itemOptions(values)));
}

/** Checks the product's fields: the row to save, or an error per field (each says what to do). */
export function parseProductForm(values: ProductFormValues): { input: ProductInput } | { errors: ProductFormErrors } {
  const parsed = ProductSchema.safeParse(values);
  if (!parsed.success) {
    const errors: ProductFormErrors = {};
    collect(parsed.error.issues, errors);
    return { errors };
  }
  return {
    input: {
      title: values.title.trim(),
      description: values.description.trim(),
      category_id: Number(values.categoryId),
      width_cm: measureValue(values.width),
      depth_cm: measureValue(values.depth),
      height_cm: measureValue(values.height),
      weight_kg: measureValue(values.weight),
      materials: values.materials.trim(),
      care: values.care.trim(),
      assembly: values.assembly.trim(),
    },
  };
}

/** Checks a new product and its first variant together, so every field says what is wrong at once. */
export function parseNewProductForm(product: ProductFormValues, variant: FirstVariantFormValues): { input: NewProductInput } | { errors: ProductFormErrors } {
  const errors: ProductFormErrors = {};
  const parsedProduct = parseProductForm(product);
  if ('errors' in parsedProduct) Object.assign(errors, parsedProduct.errors);
  const parsedVariant = FirstVariantSchema.safeParse({ colour: variant.colour, material: variant.material, slug: variant.slug });
  if (!parsedVariant.success) collect(parsedVariant.error.issues, errors);
  const priceCents = parsePriceCents(variant.price);
  if (variant.price.trim() === '') errors.price = 'Enter a price.';
  else if (priceCents === null) errors.price = 'Enter a price in euros, like 24.50.';
  if (!/^\d{1,6}$/.test(variant.stock.trim())) errors.stock = 'Enter how many you have, a whole number from 0.';
  if (Object.keys(errors).length > 0 || 'errors' in parsedProduct) return { errors };
  const options = itemOptions(variant);
  return {
    input: {
      ...parsedProduct.input,
      variant_title: variantTitle(parsedProduct.input.title, options),
      variant_slug: variant.slug,
      price_cents: priceCents ?? 0,
      stock: Number(variant.stock.trim()),
      options,
    },
  };
}
