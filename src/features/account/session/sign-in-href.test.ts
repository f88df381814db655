import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path.ts';
import { signInHrefFor } from './sign-in-href.ts';

const nextOf = (href: string) => new URL(href, 'http://app.invalid').searchParams.get('next');

describe('signInHrefFor', () => {
  it('returns to the page the link was on, its query included', () => {
    expect(nextOf(signInHrefFor({ pathname: '/items/oak-stool', search: '' }))).toBe('/items/oak-stool');
    expect(nextOf(signInHrefFor({ pathname: '/search', search: '?q=lamp&page=2' }))).toBe('/search?q=lamp&page=2');
    // The home page is the front door: signing in from there goes on to the account (sign-in's default).
    expect(signInHrefFor({ pathname: '/', search: '' })).toBe('/sign-in');
    // What the sign-in page does with it: a path on this origin, kept as it is.
    expect(safeNextPath(nextOf(signInHrefFor({ pathname: '/catalog/lighting', search: '?sort=price_asc' })))).toBe('/catalog/lighting?sort=price_asc');
  });

  it('keeps where a visitor on the sign-in pages was going, and never points sign-in at itself', () => {
    expect(signInHrefFor({ pathname: '/sign-up', search: '?next=%2Fcheckout' })).toBe('/sign-in?next=%2Fcheckout');
    expect(signInHrefFor({ pathname: '/sign-in', search: '' })).toBe('/sign-in');
    expect(signInHrefFor({ pathname: '/forgot-password', search: '' })).toBe('/sign-in');
  });
});
