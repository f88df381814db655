import { badQuery } from '../rest-error.ts';
import { parseField, splitTopLevel, unquote } from './tokens.ts';
import {
  FTS_OPS,
  QUANTIFIABLE_OPS,
  RANGE_OPS,
  SIMPLE_OPS,
  type Condition,
  type Field,
  type Filter,
  type LogicTree,
  type Operation,
} from './types.ts';

const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** `[not.]op[(any|all)|(config)].value` — the right-hand side of `col=…`. */
export function parseOperation(text: string, field: Field, inLogic = false): Filter {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!match) throw badQuery(`"failed to parse filter (${text})" (line 1, column 1)`, 'expected an operator such as eq., in. or is.');
  const [head, op, modifier] = match;
  let value = rest.slice(head.length);
  if (inLogic) value = unquote(value);
  const operation = buildOperation(op, modifier, value, text);
  return { kind: 'filter', field, negate, operation };
}

function buildOperation(op: string, modifier: string | undefined, value: string, text: string): Operation {
  if (includes(SIMPLE_OPS, op)) {
    if (modifier !== undefined) {
      if (!includes(QUANTIFIABLE_OPS, op) || (modifier !== 'any' && modifier !== 'all')) {
        throw badQuery(`"failed to parse filter (${text})"`, `unknown modifier "(${modifier})" for operator ${op}`);
      }
      if (!/^\{.*\}$/s.test(value)) throw badQuery(`"failed to parse filter (${text})"`, `${op}(${modifier}) expects a list like {a,b}`);
      return { op, value, quantifier: modifier };
    }
    return { op, value };
  }
  if (modifier !== undefined && !includes(FTS_OPS, op)) throw badQuery(`"failed to parse filter (${text})"`, `unexpected "(${modifier})"`);
  if (includes(RANGE_OPS, op)) return { op, value };
  if (includes(FTS_OPS, op)) return { op, value, config: modifier === undefined || modifier === '' ? undefined : modifier };
  if (op === 'in') return { op, values: parseInList(value, text) };
  if (op === 'is') {
    const lowered = value.toLowerCase();
    if (!includes(IS_VALUES, lowered)) throw badQuery(`"failed to parse filter (${text})"`, 'is. accepts null, not_null, true, false or unknown');
    return { op, value: lowered };
  }
  throw badQuery(`"failed to parse filter (${text})"`, `unknown operator "${op}"`);
}

/** `(1,2,"a,b",null)` → values; quoted items keep commas; bare `null` is SQL NULL. */
function parseInList(value: string, text: string): (string | null)[] {
  if (!value.startsWith('(') || !value.endsWith(')')) throw badQuery(`"failed to parse filter (${text})"`, 'in. expects a list like (a,b)');
  const inner = value.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner, ',', 'in list').map((item) => {
    const trimmed = item.trim();
    if (trimmed.startsWith('"')) return unquote(trimmed);
    return trimmed.toLowerCase() === 'null' ? null : item;
  });
}

/** `(a.eq.1,b.is.null,and(…),not.or(…))` — the value of an `or=` / `and=` parameter. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): LogicTree {
  const trimmed = value.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw badQuery(`"failed to parse logic tree (${value})" (line 1, column 1)`, 'expected "(" … ")"');
  }
  const items = splitTopLevel(trimmed.slice(1, -1), ',', 'logic tree');
  return { kind: 'logic', op, negate, children: items.map((item) => parseLogicItem(item, value)) };
}

function parseLogicItem(item: string, whole: string): Condition {
  const text = item.trim();
  const nested = /^(not\.)?(and|or)\(/.exec(text);
  if (nested) return parseLogic(nested[2] as 'and' | 'or', nested[1] !== undefined, text.slice(nested[0].length - 1));
  const dot = fieldEnd(text);
  if (dot < 0) throw badQuery(`"failed to parse logic tree (${whole})"`, `expected "column.operator.value" in "${text}"`);
  return parseOperation(text.slice(dot + 1), parseField(text.slice(0, dot), 'logic tree'), true);
}

/** Index of the dot ending the field name (quoted names may contain dots). */
function fieldEnd(text: string): number {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') inQuotes = !inQuotes;
    else if (text[i] === '.' && !inQuotes) return i;
  }
  return -1;
}
