import { describe, expect, it } from 'vitest';
import { remainingAfterMerge } from './merge-guest-cart.ts';

describe('remainingAfterMerge', () => {
  it('clears exactly the lines the server merged', () => {
    const merged = [
      { item_id: 1, quantity: 2 },
      { item_id: 2, quantity: 1 },
    ];
    expect(remainingAfterMerge(merged, merged)).toEqual([]);
  });

  it('keeps what was added to the guest cart while the merge was running', () => {
    const merged = [{ item_id: 1, quantity: 2 }];
    const now = [
      { item_id: 1, quantity: 3 },
      { item_id: 7, quantity: 1 },
    ];
    expect(remainingAfterMerge(merged, now)).toEqual([
      { item_id: 1, quantity: 1 },
      { item_id: 7, quantity: 1 },
    ]);
  });

  it('drops lines another tab lowered or removed meanwhile', () => {
    expect(remainingAfterMerge([{ item_id: 1, quantity: 4 }], [{ item_id: 1, quantity: 2 }])).toEqual([]);
  });
});
