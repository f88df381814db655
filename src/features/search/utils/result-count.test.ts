import { describe, expect, it } from 'vitest';
import { resultCount } from './result-count.ts';

describe('resultCount', () => {
  it('shows an exact count', () => {
    expect(resultCount({ total: 0 })).toBe('0 results');
    expect(resultCount({ total: 1, total_capped: false })).toBe('1 result');
    expect(resultCount({ total: 730, total_capped: false })).toBe('730 results');
  });

  it('shows a capped count as a lower bound', () => {
    expect(resultCount({ total: 1000, total_capped: true })).toBe('1,000+ results');
  });
});
