import { describe, expect, it } from 'vitest';
import { variantCountLabel } from './variant-count-label.ts';

describe('variantCountLabel', () => {
  it('names what the variants differ in', () => {
    expect(variantCountLabel(4, { colour: 'Sage' })).toBe('4 colours');
    expect(variantCountLabel(2, { material: 'Oak' })).toBe('2 materials');
    expect(variantCountLabel(3, {})).toBe('3 versions');
  });
});
