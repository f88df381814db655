import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  it('reads the three forms of a single byte range against the object size', () => {
    expect(parseByteRange('bytes=0-9', 26)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=10-', 26)).toEqual({ start: 10, end: 25 });
    expect(parseByteRange('bytes=-5', 26)).toEqual({ start: 21, end: 25 });
    expect(parseByteRange('bytes=-100', 26)).toEqual({ start: 0, end: 25 });
    expect(parseByteRange('bytes=20-1000', 26)).toEqual({ start: 20, end: 25 });
    expect(parseByteRange('bytes=25-25', 26)).toEqual({ start: 25, end: 25 });
  });

  it('answers the whole object for no header or one it does not support', () => {
    for (const header of [undefined, '', 'bytes=-', 'items=0-1', 'bytes=0-1,4-5', 'bytes=a-b', 'bytes 0-1']) {
      expect(parseByteRange(header, 26), String(header)).toBe('whole');
    }
  });

  it('calls a range no byte satisfies unsatisfiable', () => {
    for (const header of ['bytes=26-', 'bytes=26-30', 'bytes=5-2', 'bytes=-0', `bytes=${'9'.repeat(400)}-`]) {
      expect(parseByteRange(header, 26), header).toBe('unsatisfiable');
    }
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});
