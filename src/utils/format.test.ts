import { describe, expect, it } from 'vitest';
import { formatPrice, pluralize } from './format.ts';

describe('formatPrice', () => {
  it('formats minor units in the currency', () => {
    expect(formatPrice(4950, 'EUR')).toBe('€49.50');
    expect(formatPrice(0, 'EUR')).toBe('€0.00');
    expect(formatPrice(123456, 'USD')).toBe('US$1,234.56');
  });
});

describe('pluralize', () => {
  it('chooses the singular only for one', () => {
    expect(pluralize(1, 'item')).toBe('1 item');
    expect(pluralize(0, 'item')).toBe('0 items');
    expect(pluralize(3, 'match', 'matches')).toBe('3 matches');
  });
});
