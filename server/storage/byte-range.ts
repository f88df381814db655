/** The bytes a Range header asks for, both ends inclusive (as Content-Range writes them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against an object of `size` bytes, as hosted Storage answers it:
 * - `bytes=a-b` (b clamped to the last byte), `bytes=a-` (to the end), `bytes=-n` (the last n);
 * - no header, another unit, several ranges or `bytes=-`: `'whole'`, the full object with 200
 *   (RFC 9110 lets a server ignore a Range it does not support);
 * - a range no byte satisfies (a start past the end, an end before the start, `bytes=-0`, any
 *   range of an empty object): `'unsatisfiable'`, a 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  const first = match?.[1] ?? '';
  const last = match?.[2] ?? '';
  if (!match || (first === '' && last === '')) return 'whole';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || Number(last === '' ? start : last) < start) return 'unsatisfiable';
  return { start, end };
}
