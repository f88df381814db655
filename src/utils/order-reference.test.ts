import { describe, expect, it } from 'vitest';
import { parseOrderKey, parseOrderReference } from './order-reference.ts';

describe('parseOrderReference', () => {
  it('accepts the two groups of Crockford base 32 in any case', () => {
    expect(parseOrderReference('7K3Q-9XPD')).toBe('7K3Q-9XPD');
    expect(parseOrderReference(' 7k3q-9xpd ')).toBe('7K3Q-9XPD');
  });

  it('refuses ids, other lengths and the letters Crockford leaves out', () => {
    for (const text of ['12', '#12', '7K3Q9XPD', '7K3Q-9XP', '7K3Q-9XPDD', 'IL0U-0000', 'OOOO-1111', '']) {
      expect(parseOrderReference(text)).toBeNull();
    }
  });
});

describe('parseOrderKey', () => {
  it('accepts a UUID and nothing else', () => {
    expect(parseOrderKey('6F9619FF-8B86-4D01-B42D-00CF4FC964FF')).toBe('6f9619ff-8b86-4d01-b42d-00cf4fc964ff');
    expect(parseOrderKey(null)).toBeNull();
    expect(parseOrderKey('not-a-key')).toBeNull();
  });
});
