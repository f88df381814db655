import { describe, expect, it } from 'vitest';
import { optionsOf, variantLabel } from './variant-label.ts';

describe('variantLabel', () => {
  it('names a variant by its options, else by its name less the product’s, else by its name', () => {
    expect(variantLabel({ title: 'Linden table, Rust', options: { colour: 'Rust', material: 'Velvet' } }, 'Linden table')).toBe('Rust, Velvet');
    expect(variantLabel({ title: 'Linden table, large', options: {} }, 'Linden table')).toBe('large');
    expect(variantLabel({ title: 'Linden table', options: {} }, 'Linden table')).toBe('Linden table');
  });
});

describe('optionsOf', () => {
  it('keeps string values of an object and nothing else', () => {
    expect(optionsOf({ colour: 'Rust', size: 3 })).toEqual({ colour: 'Rust' });
    expect(optionsOf(['Rust'])).toEqual({});
    expect(optionsOf(null)).toEqual({});
  });
});
