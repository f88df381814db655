import { badQuery } from '../rest-error.ts';
import { parseField, parseName, splitTopLevel } from './tokens.ts';
import type { AggregateFunction, SelectItem } from './types.ts';

const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;
/** `[field[::cast].]fn()[::cast]`: PostgREST's aggregate syntax. */
const AGGREGATE = /^(?:(.+?)(?:::([A-Za-z_][A-Za-z0-9_]*(?:\[\])?))?\.)?(count|sum|avg|min|max)\(\)(?:::([A-Za-z_][A-Za-z0-9_]*(?:\[\])?))?$/;
const ALIAS = /^\s*("(?:[^"\\]|\\.)*"|[\p{L}\p{N}_$ -]+):(?!:)/u;

/** `select=` grammar: `*`, `[alias:]field[->k][::cast]`, `[alias:]rel[!hint][!inner](…)`. */
export function parseSelect(input: string): SelectItem[] {
  if (input.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(input, ',', 'select').map((part) => parseSelectItem(part, input));
}

function parseSelectItem(part: string, whole: string): SelectItem {
  let text = part.trim();
  if (text === '') throw badQuery(`"failed to parse select parameter" (${whole})`, 'empty select item');
  if (text === '*') return { kind: 'star' };
  if (text.startsWith('...')) {
    const embedded = parseSelectItem(text.slice(3), whole);
    if (embedded.kind !== 'embed') throw badQuery(`"failed to parse select parameter" (${whole})`, 'only embedded resources can be spread');
    return { ...embedded, spread: true };
  }
  let alias: string | undefined;
  const aliasMatch = ALIAS.exec(text);
  if (aliasMatch) {
    alias = parseName(aliasMatch[1], 'select alias');
    text = text.slice(aliasMatch[0].length).trim();
  }
  const aggregate = AGGREGATE.exec(text.trim());
  if (aggregate) {
    const [, fieldText, inputCast, fn, cast] = aggregate;
    if (fieldText === undefined) {
      if (fn !== 'count') throw badQuery(`"failed to parse select parameter" (${whole})`, `${fn}() needs a column: "column.${fn}()"`);
      return { kind: 'count', alias, cast };
    }
    const field = parseField(fieldText, 'select parameter');
    return { kind: 'column', field, alias, cast, aggregate: fn as AggregateFunction, aggregateInputCast: inputCast };
  }
  const paren = text.indexOf('(');
  if (paren >= 0 && !text.startsWith('"')) {
    if (!text.endsWith(')')) throw badQuery(`"failed to parse select parameter" (${whole})`, `expected ")" at the end of "${text}"`);
    const head = text.slice(0, paren);
    const inside = text.slice(paren + 1, -1);
    const [relationText, ...modifiers] = head.split('!');
    const relation = parseName(relationText, 'embedded resource');
    let hint: string | undefined;
    let inner = false;
    for (const modifier of modifiers) {
      const m = modifier.trim();
      if (m === 'inner') inner = true;
      else if (m === 'left') inner = false;
      else if (hint === undefined) hint = parseName(m, 'embed hint');
      else throw badQuery(`"failed to parse select parameter" (${whole})`, `unexpected "!${m}"`);
    }
    return { kind: 'embed', relation, alias, hint, inner, items: inside.trim() === '' ? [] : parseSelect(inside) };
  }
  let cast: string | undefined;
  const castAt = text.lastIndexOf('::');
  if (castAt > 0) {
    cast = text.slice(castAt + 2).trim();
    text = text.slice(0, castAt);
    if (!CAST.test(cast)) throw badQuery(`"failed to parse select parameter" (${whole})`, `invalid cast type "${cast}"`);
  }
  return { kind: 'column', field: parseField(text, 'select parameter'), alias, cast };
}
