import { describe, expect, it } from 'vitest';
import { installFakeColorScheme } from '@/testing/fake-media';
import { THEME_COLORS, parseThemePreference, resolveTheme } from './theme.ts';
import { THEME_SCRIPT } from './theme-script.ts';

function runInlineScript() {
  document.head.innerHTML = '<meta name="theme-color" content="#fff">';
  // The literal is what ships; run exactly that text.
  window.eval(THEME_SCRIPT);
  return {
    theme: document.documentElement.dataset.theme,
    colorScheme: document.documentElement.style.colorScheme,
    metaColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
  };
}

describe('the inline theme script', () => {
  it('stays within its byte budget', () => {
    expect(new TextEncoder().encode(THEME_SCRIPT).length).toBeLessThanOrEqual(300);
  });

  const stored = ['light', 'dark', 'system', null, 'garbage', 'DARK'];
  for (const value of stored) {
    for (const osDark of [false, true]) {
      it(`agrees with resolveTheme for stored ${String(value)} and OS ${osDark ? 'dark' : 'light'}`, () => {
        installFakeColorScheme(osDark);
        if (value !== null) localStorage.setItem('theme', value);
        const expected = resolveTheme(parseThemePreference(value) ?? 'system', osDark);
        expect(runInlineScript()).toEqual({ theme: expected, colorScheme: expected, metaColor: THEME_COLORS[expected] });
      });
    }
  }

  it('falls back to the OS when storage throws', () => {
    installFakeColorScheme(true);
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(runInlineScript().theme).toBe('dark');
    } finally {
      if (descriptor) Object.defineProperty(window, 'localStorage', descriptor);
    }
  });

  it('means light when matchMedia is missing', () => {
    const original = window.matchMedia;
    // @ts-expect-error simulating a browser without matchMedia
    delete window.matchMedia;
    try {
      expect(runInlineScript().theme).toBe('light');
    } finally {
      window.matchMedia = original;
    }
  });
});
