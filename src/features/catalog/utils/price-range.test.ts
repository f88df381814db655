import { describe, expect, it } from 'vitest';
import { checkPriceRange } from './price-range.ts';

describe('checkPriceRange', () => {
  it('reads both limits, empty meaning no limit', () => {
    expect(checkPriceRange('20', '150')).toEqual({ min: 2000, max: 15000, errors: {} });
    expect(checkPriceRange('', '150')).toEqual({ min: null, max: 15000, errors: {} });
    expect(checkPriceRange('  ', '')).toEqual({ min: null, max: null, errors: {} });
    expect(checkPriceRange('0', '0')).toEqual({ min: 0, max: 0, errors: {} });
  });

  it('takes decimals with a dot or a comma, and a euro sign', () => {
    expect(checkPriceRange('19.5', '149,99')).toEqual({ min: 1950, max: 14999, errors: {} });
    expect(checkPriceRange('€ 10,05', '150 €')).toEqual({ min: 1005, max: 15000, errors: {} });
  });

  it('gives each bad field its own message, never one sentence about both', () => {
    const check = checkPriceRange('-5', 'abc');
    expect(check.errors).toEqual({ min: "Min price can't be negative.", max: 'Max price must be a number, such as 150.' });
    for (const message of Object.values(check.errors)) expect(message).not.toMatch(/neither|not a price/i);
  });

  it('flags only the field that is wrong', () => {
    expect(checkPriceRange('ten', '150')).toEqual({ min: null, max: 15000, errors: { min: 'Min price must be a number, such as 20.' } });
    expect(checkPriceRange('20', '−150').errors).toEqual({ max: "Max price can't be negative." });
    expect(checkPriceRange('10,5,0', '').errors).toEqual({ min: 'Min price must be a number, such as 20.' });
    expect(checkPriceRange('', '1e3').errors).toEqual({ max: 'Max price must be a number, such as 150.' });
  });

  it('says when there are too many decimals or the amount is out of range', () => {
    expect(checkPriceRange('', '149,999').errors).toEqual({ max: 'Max price can have at most 2 decimals, such as 149.99.' });
    expect(checkPriceRange('10.505', '').errors).toEqual({ min: 'Min price can have at most 2 decimals, such as 149.99.' });
    expect(checkPriceRange('', '99999999').errors).toEqual({ max: 'Max price can be at most €1,000,000.' });
    expect(checkPriceRange('', '1000000').errors).toEqual({});
  });

  it('puts a min above the max on the max, and allows them equal', () => {
    expect(checkPriceRange('200', '150').errors).toEqual({ max: "Max price can't be less than the min price." });
    expect(checkPriceRange('150', '150,00').errors).toEqual({});
    expect(checkPriceRange('149,99', '149.98').errors).toEqual({ max: "Max price can't be less than the min price." });
  });

  it('keeps the field messages when one is bad and the order cannot be judged', () => {
    expect(checkPriceRange('-200', '150').errors).toEqual({ min: "Min price can't be negative." });
  });
});
