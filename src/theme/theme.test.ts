import { describe, expect, it } from 'vitest';
import { parseThemePreference, resolveTheme } from './theme.ts';

describe('parseThemePreference', () => {
  it.each(['light', 'dark', 'system'])('accepts %s', (value) => {
    expect(parseThemePreference(value)).toBe(value);
  });

  it.each([null, undefined, '', 'Dark', ' dark', '"dark"', 'auto', 'constructor', '__proto__', 1, {}])(
    'treats %j as no preference',
    (value) => {
      expect(parseThemePreference(value)).toBeNull();
    },
  );
});

describe('resolveTheme', () => {
  it('keeps explicit choices whatever the OS says', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the OS for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});
