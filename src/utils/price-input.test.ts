import { describe, expect, it } from 'vitest';
import { parsePriceCents, priceParam } from './price-input.ts';

describe('parsePriceCents', () => {
  it('reads prices as people type them, a decimal comma included', () => {
    expect(parsePriceCents('10')).toBe(1000);
    expect(parsePriceCents('10,50')).toBe(1050);
    expect(parsePriceCents('10.5')).toBe(1050);
    expect(parsePriceCents(' € 12,05 ')).toBe(1205);
    expect(parsePriceCents('1 200')).toBe(120_000);
    expect(parsePriceCents('0')).toBe(0);
  });

  it('refuses what is not a price rather than guessing', () => {
    for (const text of ['', 'ten', '10,5,0', '10.505', '-5', '1e3', '12abc', '99999999']) expect(parsePriceCents(text), text).toBeNull();
  });

  it('writes a dot into the address, without trailing zeros', () => {
    expect(priceParam(1050)).toBe('10.5');
    expect(priceParam(1200)).toBe('12');
  });
});
