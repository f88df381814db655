import { describe, expect, it } from 'vitest';
import { postalLines, readablePhone } from './store-contact.ts';
import { updatedOn } from './updated-on.ts';

describe('store contact formatting', () => {
  it('groups a stored phone the way its country writes numbers', () => {
    expect(readablePhone('+35315550142')).toBe('+353 1 555 0142');
    expect(readablePhone('+493012345678')).toBe('+49 30 12345678');
  });

  it('leaves a number it cannot place as stored', () => {
    expect(readablePhone('+999123456789')).toBe('+999123456789');
  });

  it('writes the address as street, postcode and city, and the country by name', () => {
    expect(postalLines({ address_line1: '12 Harbour Street', postcode: 'D02 X285', city: 'Dublin', country: 'IE' })).toEqual([
      '12 Harbour Street',
      'D02 X285 Dublin',
      'Ireland',
    ]);
  });

  it('names the day of a change by the UTC calendar, wherever the page is rendered', () => {
    expect(updatedOn('2026-11-27T23:30:00-02:00')).toBe('28 November 2026');
    expect(updatedOn('2026-03-01T00:15:00Z')).toBe('1 March 2026');
  });
});
