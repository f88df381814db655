import { beforeEach, describe, expect, it } from 'vitest';
import { cartFingerprint, checkoutAttemptKey, completeCheckoutAttempt, watchCheckoutAttempt } from './checkout-attempt.ts';

const ALICE = 'alice';
const BOB = 'bob';

describe('checkout attempts', () => {
  beforeEach(() => localStorage.clear());

  it('gives every reader of the same review the same key, until the order is placed', () => {
    const cart = cartFingerprint([
      { item_id: 7, quantity: 2 },
      { item_id: 3, quantity: 1 },
    ]);
    expect(cart).toBe(cartFingerprint([{ item_id: 3, quantity: 1 }, { item_id: 7, quantity: 2 }]));
    const key = checkoutAttemptKey(ALICE, cart);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // Another tab reads the same attempt from storage.
    expect(checkoutAttemptKey(ALICE, cart)).toBe(key);

    completeCheckoutAttempt(key, '7K3Q-9XPD');
    expect(checkoutAttemptKey(ALICE, cart)).not.toBe(key);
  });

  it('tells another tab holding the attempt which order it placed', () => {
    const cart = cartFingerprint([{ item_id: 5, quantity: 1 }]);
    const key = checkoutAttemptKey(ALICE, cart);
    const placed: string[] = [];
    const stop = watchCheckoutAttempt(key, (order) => placed.push(order));
    const other = JSON.stringify({ userId: ALICE, cart, key: 'someone-else', order: 'AAAA-0007' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'lumen-checkout-attempt', newValue: other }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'lumen-checkout-attempt', newValue: 'not json' }));
    expect(placed).toEqual([]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'lumen-checkout-attempt', newValue: JSON.stringify({ userId: ALICE, cart, key, order: 'AAAA-0008' }) }));
    expect(placed).toEqual(['AAAA-0008']);
    stop();
  });

  it('makes a new attempt for a changed cart or another user', () => {
    const key = checkoutAttemptKey(ALICE, cartFingerprint([{ item_id: 1, quantity: 1 }]));
    expect(checkoutAttemptKey(ALICE, cartFingerprint([{ item_id: 1, quantity: 2 }]))).not.toBe(key);
    const bobs = checkoutAttemptKey(BOB, cartFingerprint([{ item_id: 1, quantity: 2 }]));
    expect(bobs).not.toBe(key);
    // Completing an attempt that is no longer the stored one leaves the current one alone.
    completeCheckoutAttempt(key, 'AAAA-0001');
    expect(checkoutAttemptKey(BOB, cartFingerprint([{ item_id: 1, quantity: 2 }]))).toBe(bobs);
  });
});
