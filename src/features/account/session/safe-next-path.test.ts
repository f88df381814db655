import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path.ts';

const ORIGIN = 'http://localhost:54321';

describe('safeNextPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeNextPath('/account?tab=security#email', ORIGIN)).toBe('/account?tab=security#email');
  });

  it.each(['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'javascript:alert(1)', 'account', '', null, undefined])(
    'falls back for %s',
    (next) => {
      expect(safeNextPath(next, ORIGIN)).toBe('/account');
    },
  );
});
