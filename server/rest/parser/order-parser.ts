import { badQuery } from '../rest-error.ts';
import { parseField, parseName, splitTopLevel } from './tokens.ts';
import type { OrderTerm } from './types.ts';

/** `col[.asc|.desc][.nullsfirst|.nullslast]` or a related order `embed(col)[…]`, comma-separated. */
export function parseOrder(input: string): OrderTerm[] {
  return splitTopLevel(input, ',', 'order').map((raw) => {
    const text = raw.trim();
    if (text === '') throw badQuery(`"failed to parse order (${input})"`, 'empty order term');
    const term: OrderTerm = { field: { name: '', json: [] } };
    let fieldText = text;
    let modifiers = '';
    const open = text.indexOf('(');
    if (open >= 0) {
      const close = text.lastIndexOf(')');
      if (close < open || !/^(\.[a-z]+)*$/.test(text.slice(close + 1))) throw badQuery(`"failed to parse order (${input})"`, `unexpected "(" in ${JSON.stringify(text)}`);
      term.relation = parseName(text.slice(0, open), 'order');
      fieldText = text.slice(open + 1, close);
      modifiers = text.slice(close + 1);
    }
    const parts = open >= 0 ? [fieldText, ...modifiers.split('.').slice(1)] : text.split('.');
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
