import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label.ts';

describe('countLabel', () => {
  it('shows an exact count', () => {
    expect(countLabel(0, false, 'item')).toBe('0 items');
    expect(countLabel(1, false, 'item')).toBe('1 item');
    expect(countLabel(730, false, 'item')).toBe('730 items');
    expect(countLabel(1203, false, 'item')).toBe('1,203 items');
  });

  it('shows a capped count as a lower bound', () => {
    expect(countLabel(1000, true, 'item')).toBe('1,000+ items');
    expect(countLabel(1200, true, 'match', 'matches')).toBe('1,200+ matches');
  });
});
