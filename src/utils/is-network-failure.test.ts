import { describe, expect, it } from 'vitest';
import { isNetworkFailure } from './is-network-failure.ts';

describe('isNetworkFailure', () => {
  it.each(['TypeError: Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])('recognises %s', (message) => {
    expect(isNetworkFailure(message)).toBe(true);
  });

  it.each(['Only 2 of Shade left.', 'permission denied for table cart_items', '', undefined])('does not mistake %s for one', (message) => {
    expect(isNetworkFailure(message)).toBe(false);
  });
});
