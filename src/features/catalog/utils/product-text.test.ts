import { describe, expect, it } from 'vitest';
import type { Variant } from '../api/item-schemas.ts';
import { dimensionsText, distinguishingOption } from './product-text.ts';

const variant = (slug: string, options: Record<string, string>): Variant => ({
  id: slug.length,
  slug,
  title: slug,
  image_paths: [],
  price_cents: 100,
  currency: 'EUR',
  stock: 1,
  options,
});

describe('product text', () => {
  it('writes dimensions width × depth × height, and nothing when one is missing', () => {
    expect(dimensionsText({ width_cm: 200, depth_cm: 95.5, height_cm: 75 })).toBe('200 × 95.5 × 75 cm (W × D × H)');
    expect(dimensionsText({ width_cm: 200, depth_cm: null, height_cm: 75 })).toBeNull();
  });

  it('finds the option that tells every variant apart, or none', () => {
    expect(distinguishingOption([variant('a', { colour: 'Rust', material: 'Velvet' }), variant('b', { colour: 'Sage', material: 'Velvet' })])).toBe('colour');
    expect(distinguishingOption([variant('a', { colour: 'Rust' }), variant('b', { colour: 'Rust' })])).toBeNull();
    expect(distinguishingOption([variant('a', {})])).toBeNull();
  });
});
