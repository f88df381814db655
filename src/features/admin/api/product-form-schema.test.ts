import { describe, expect, it } from 'vitest';
import { EMPTY_FIRST_VARIANT, EMPTY_PRODUCT, firstVariantSlug, parseNewProductForm, parseProductForm, variantTitle, type ProductFormValues } from './product-form-schema.ts';

const product: ProductFormValues = {
  ...EMPTY_PRODUCT,
  title: ' Linden table ',
  description: 'Solid ash.',
  categoryId: '4',
  width: '180,5',
  depth: '90',
  height: '',
  weight: '32.25',
  materials: ' Ash ',
};

describe('parseProductForm', () => {
  it('turns the typed form into the row to save: measures with a decimal comma or point, empty ones left out', () => {
    expect(parseProductForm(product)).toEqual({
      input: {
        title: 'Linden table',
        description: 'Solid ash.',
        category_id: 4,
        width_cm: 180.5,
        depth_cm: 90,
        height_cm: null,
        weight_kg: 32.25,
        materials: 'Ash',
        care: '',
        assembly: '',
      },
    });
  });

  it('holds every field to the database’s bounds, saying what to fix in each', () => {
    expect(
      parseProductForm({ ...product, title: ' ', categoryId: '', width: '0', depth: '80.55', height: '100001', weight: 'heavy', materials: 'm'.repeat(501), care: 'c'.repeat(1001) }),
    ).toEqual({
      errors: {
        title: 'Give the product a name.',
        categoryId: 'Choose a category.',
        width: 'The width must be above 0 and at most 100,000 cm.',
        depth: 'Enter the depth in cm, like 80.5 (at most one decimal).',
        height: 'The height must be above 0 and at most 100,000 cm.',
        weight: 'Enter the weight in kg, like 12.25 (at most two decimals).',
        materials: 'Keep the materials under 500 characters.',
        care: 'Keep the care instructions under 1,000 characters.',
      },
    });
    expect(parseProductForm({ ...product, weight: '12.255' })).toEqual({ errors: { weight: 'Enter the weight in kg, like 12.25 (at most two decimals).' } });
  });
});

describe('a new product with its first variant', () => {
  it('names the variant after the product and its options, and derives its web address', () => {
    expect(variantTitle('Linden table', { colour: 'Rust', material: 'Velvet' })).toBe('Linden table, Rust, Velvet');
    expect(firstVariantSlug('Linden table', { colour: 'Rust', material: '' })).toBe('linden-table-rust');
    expect(firstVariantSlug('Linden table', { colour: '', material: '' })).toBe('linden-table');
  });

  it('checks the product and the variant together', () => {
    const variant = { ...EMPTY_FIRST_VARIANT, colour: 'Rust', slug: 'linden-table-rust', price: '899', stock: '3' };
    expect(parseNewProductForm(product, variant)).toEqual({
      input: expect.objectContaining({
        title: 'Linden table',
        variant_title: 'Linden table, Rust',
        variant_slug: 'linden-table-rust',
        price_cents: 89900,
        stock: 3,
        options: { colour: 'Rust' },
      }) as unknown,
    });
    expect(parseNewProductForm({ ...product, title: '' }, { ...variant, slug: 'Linden Table', price: '', stock: '-1', colour: 'c'.repeat(41) })).toEqual({
      errors: {
        title: 'Give the product a name.',
        colour: 'Keep the colour under 40 characters.',
        slug: 'Use lower-case letters, digits and single dashes between them, like “linen-cushion”.',
        price: 'Enter a price.',
        stock: 'Enter how many you have, a whole number from 0.',
      },
    });
  });
});
