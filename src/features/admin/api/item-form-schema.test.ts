import { describe, expect, it } from 'vitest';
import { parseItemForm, slugFromTitle, type ItemFormValues } from './item-form-schema.ts';

const valid: ItemFormValues = {
  title: ' Linen cushion ',
  slug: 'linen-cushion',
  description: 'Soft.',
  price: '24,50',
  categoryId: '3',
  featured: true,
  stock: '12',
  colour: '',
  material: '',
};

describe('slugFromTitle', () => {
  it('makes a web address from a name: accents dropped, words joined by single dashes', () => {
    expect(slugFromTitle('Café Table — Oak')).toBe('cafe-table-oak');
    expect(slugFromTitle('  100% Wool!! ')).toBe('100-wool');
    expect(slugFromTitle('日本')).toBe('');
    expect(slugFromTitle(`${'a'.repeat(119)} b`)).toBe('a'.repeat(119));
  });
});

describe('parseItemForm', () => {
  it('turns the typed form into the row to save', () => {
    expect(parseItemForm(valid)).toEqual({
      input: { title: 'Linen cushion', slug: 'linen-cushion', description: 'Soft.', price_cents: 2450, category_id: 3, featured: true, stock: 12, options: {} },
    });
  });

  it('says what to fix in each field, all at once', () => {
    const result = parseItemForm({ ...valid, title: '  ', slug: 'Linen Cushion', price: '12.345', categoryId: '', stock: '-1' });
    expect(result).toEqual({
      errors: {
        title: 'Give the item a name.',
        slug: 'Use lower-case letters, digits and single dashes between them, like “linen-cushion”.',
        price: 'Enter a price in euros, like 24.50.',
        categoryId: 'Choose a category.',
        stock: 'Enter how many you have, a whole number from 0.',
      },
    });
    expect(parseItemForm({ ...valid, price: ' ' })).toEqual({ errors: { price: 'Enter a price.' } });
    expect(parseItemForm({ ...valid, slug: '' })).toEqual({ errors: { slug: 'Choose a web address for the item.' } });
  });

  it('keeps the options filled in, trimmed, under the names the database takes', () => {
    expect(parseItemForm({ ...valid, colour: ' Rust ', material: '' })).toMatchObject({ input: { options: { colour: 'Rust' } } });
    expect(parseItemForm({ ...valid, colour: 'x'.repeat(41) })).toEqual({ errors: { colour: 'Keep the colour under 40 characters.' } });
  });
});
