import { badQuery } from '../rest-error.ts';
import { parseField, splitTopLevel } from './tokens.ts';
import type { OrderTerm } from './types.ts';

/** `col[.asc|.desc][.nullsfirst|.nullslast]`, comma-separated. */
export function parseOrder(input: string): OrderTerm[] {
  return splitTopLevel(input, ',', 'order').map((raw) => {
    const text = raw.trim();
    if (text === '') throw badQuery(`"failed to parse order (${input})"`, 'empty order term');
    if (text.includes('(')) throw badQuery(`"failed to parse order (${input})"`, 'ordering by embedded resources is not supported by the local backend');
    const parts = text.split('.');
    const term: OrderTerm = { field: { name: '', json: [] } };
    while (parts.length > 1) {
      const last = parts[parts.length - 1];
      if ((last === 'asc' || last === 'desc') && term.direction === undefined) term.direction = last;
      else if ((last === 'nullsfirst' || last === 'nullslast') && term.nulls === undefined) term.nulls = last === 'nullsfirst' ? 'first' : 'last';
      else break;
      parts.pop();
    }
    term.field = parseField(parts.join('.'), 'order');
    return term;
  });
}
