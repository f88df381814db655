import { describe, expect, it } from 'vitest';
import { parseProjectConfig } from '../config/project-config.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { safeRedirect } from './redirect-url.ts';

const config = parseProjectConfig({
  auth: { site_url: 'http://localhost:3000', additional_redirect_urls: ['https://preview-*.example.com/**'], minimum_password_length: 8 },
}).auth;

describe('safeRedirect', () => {
  it('allows the site origin, the server origin and configured globs', () => {
    expect(safeRedirect('http://localhost:3000/account', config, 'http://localhost:54321')).toBe('http://localhost:3000/account');
    expect(safeRedirect('http://localhost:54321/reset', config, 'http://localhost:54321')).toBe('http://localhost:54321/reset');
    expect(safeRedirect('https://preview-12.example.com/a/b', config, 'http://localhost:54321')).toBe('https://preview-12.example.com/a/b');
  });

  it('falls back to site_url for anything else', () => {
    for (const bad of ['https://evil.example/x', 'javascript:alert(1)', 'not a url', 'https://preview-1.example.com.evil/x', undefined]) {
      expect(safeRedirect(bad, config, 'http://localhost:54321')).toBe('http://localhost:3000');
    }
  });
});

describe('checkPasswordStrength', () => {
  it('checks length and required character sets', () => {
    expect(checkPasswordStrength('abcdefgh', config)).toMatchObject({ ok: true, reasons: [] });
    expect(checkPasswordStrength('abc', config)).toMatchObject({ ok: false, reasons: ['length'], message: 'Password should be at least 8 characters.' });
    const strict = { ...config, password_requirements: 'lower_upper_letters_digits' as const };
    expect(checkPasswordStrength('abcdefgh', strict).reasons).toEqual(['characters']);
    expect(checkPasswordStrength('Abcdefg1', strict).ok).toBe(true);
  });
});
