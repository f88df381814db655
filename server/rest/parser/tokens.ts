import { badQuery } from '../rest-error.ts';
import type { Field, JsonStep } from './types.ts';

/**
 * Splits on `separator` at depth 0, respecting parentheses, braces and double-quoted strings
 * (with `\"` escapes). Unbalanced input is a PGRST100, never a crash.
 */
export function splitTopLevel(input: string, separator: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inQuotes = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (inQuotes) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) current += input[++i];
      else if (ch === '"') inQuotes = false;
      continue;
    }
    if (ch === '"') inQuotes = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      depth--;
      if (depth < 0) throw badQuery(`"failed to parse ${what}" (${input})`, `unexpected "${ch}"`);
    } else if (ch === separator && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (inQuotes || depth !== 0) throw badQuery(`"failed to parse ${what}" (${input})`, 'unexpected end of input');
  parts.push(current);
  return parts;
}

/** Removes surrounding double quotes and unescapes `\"` / `\\`. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

const NAME = /^[\p{L}\p{N}_$ -]+$/u;

/** A column / relation name: bare (`[letters digits _ $ space -]`) or double-quoted. */
export function parseName(text: string, what: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) {
    if (!trimmed.endsWith('"') || trimmed.length < 2) throw badQuery(`"failed to parse ${what}" (${text})`, 'unterminated quoted name');
    const name = unquote(trimmed);
    if (name === '') throw badQuery(`"failed to parse ${what}" (${text})`, 'empty name');
    return name;
  }
  if (!NAME.test(trimmed)) throw badQuery(`"failed to parse ${what}" (${text})`, `unexpected characters in name "${trimmed}"`);
  return trimmed;
}

/** `name[->key|->>key…]`; keys may be quoted; integer keys index arrays. */
export function parseField(text: string, what: string): Field {
  const pieces = text.split(/(->>|->)/);
  const name = parseName(pieces[0] ?? '', what);
  const json: JsonStep[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const arrow = pieces[i] as JsonStep['arrow'];
    const rawKey = (pieces[i + 1] ?? '').trim();
    if (rawKey === '') throw badQuery(`"failed to parse ${what}" (${text})`, 'missing JSON key after arrow');
    json.push({ arrow, key: unquote(rawKey) });
  }
  return { name, json };
}
