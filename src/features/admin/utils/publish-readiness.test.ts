import { describe, expect, it } from 'vitest';
import { publishReadiness } from './publish-readiness.ts';

const variant = (pictures: number, price: number, archived = false) => ({
  archived_at: archived ? '2026-11-30T10:00:00Z' : null,
  image_paths: Array.from({ length: pictures }, (_, index) => `p/${index}`),
  price_cents: price,
});

describe('publishReadiness', () => {
  it('is ready once one variant on offer has a picture and a price', () => {
    expect(publishReadiness([variant(0, 0), variant(1, 2500)])).toEqual({ picture: true, price: true, ready: true, missing: null });
  });

  it('says what is missing: a picture, a price, or both on one variant', () => {
    expect(publishReadiness([variant(0, 2500)])).toMatchObject({ picture: false, price: true, ready: false, missing: 'Add a picture to a variant first (under Pictures).' });
    expect(publishReadiness([variant(2, 0)])).toMatchObject({ picture: true, price: false, missing: 'Give a variant with a picture a price above €0 first.' });
    expect(publishReadiness([variant(0, 0)]).missing).toBe('Add a picture and a price above €0 to a variant first.');
    expect(publishReadiness([variant(1, 0), variant(0, 900)]).missing).toBe('Give one variant both a picture and a price above €0 first.');
  });

  it('does not count archived variants, as the database does not', () => {
    expect(publishReadiness([variant(1, 2500, true)])).toMatchObject({
      ready: false,
      missing: 'Every variant is archived: put one back on sale, with a picture and a price, first.',
    });
    expect(publishReadiness([variant(1, 2500, true), variant(0, 2500)])).toMatchObject({ picture: false, ready: false });
  });
});
