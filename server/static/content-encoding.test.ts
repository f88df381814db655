import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './content-encoding.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, honours q-values, wildcards and refusals', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br;q=0, *', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('*;q=0', ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('identity', ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});
