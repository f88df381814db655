import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('uses the first two words of the display name', () => {
    expect(initialsOf('Ada Lovelace', 'x@example.test')).toBe('AL');
  });
  it('falls back to the e-mail local part', () => {
    expect(initialsOf(null, 'grace.hopper@example.test')).toBe('GH');
    expect(initialsOf('  ', 'zed@example.test')).toBe('ZE');
  });
});
