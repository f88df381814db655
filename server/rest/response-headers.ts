import type { Preferences } from './parser/prefer.ts';

/** Which of the request's preferences a kind of answer reports (PostgREST's responsePreferences). */
export interface AppliedPreferences {
  /** Inserts into a relation with a primary key or on_conflict columns. */
  resolution?: boolean;
  /** Inserts and updates. */
  missing?: boolean;
  /** Mutations. */
  return?: boolean;
  /** Updates, deletes and function calls, with handling=strict. */
  maxAffected?: boolean;
}

/**
 * `Preference-Applied`: the honoured preferences in PostgREST's order (count, tx and handling on every
 * answer; the rest where `applied` says), or no header at all.
 */
export function preferenceApplied(prefs: Preferences, applied: AppliedPreferences = {}): Record<string, string> {
  const values = [
    applied.resolution && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    applied.missing && prefs.missing ? `missing=${prefs.missing}` : null,
    applied.return && prefs.return ? `return=${prefs.return}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.tx ? `tx=${prefs.tx}` : null,
    prefs.handling ? `handling=${prefs.handling}` : null,
    applied.maxAffected && prefs.handling === 'strict' && prefs.maxAffected !== undefined ? `max-affected=${prefs.maxAffected}` : null,
  ].filter((v): v is string => v !== null);
  return values.length === 0 ? {} : { 'Preference-Applied': values.join(', ') };
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;
const percent = (byte: number): string => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encoding as PostgREST's two Haskell encoders do it. `canonical` (the HTTP package's
 * urlEncode, for Content-Location): other ASCII is `%XX`, and each byte of a UTF-8 character is
 * encoded again as the Latin-1 character it looks like (PostgREST hands it the bytes as Char8).
 * `query` (http-types' urlEncode True, for Location): `+` for a space, `%XX` for any other byte.
 */
function percentEncode(text: string, style: 'canonical' | 'query'): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (UNRESERVED.test(ch)) out += ch;
    else if (style === 'query') out += byte === 0x20 ? '+' : percent(byte);
    else if (byte < 0x80) out += percent(byte);
    else for (const b of Buffer.from(ch, 'utf8')) out += percent(b);
  }
  return out;
}

/**
 * `Content-Location` of a table read: the path and the query string sorted by key (bytewise, stable),
 * a repeated key's values joined with commas, as PostgREST's qsCanonical.
 */
export function contentLocation(table: string, entries: [string, string][]): string {
  const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])));
  const groups = new Map<string, string[]>();
  for (const [key, value] of sorted) groups.set(key, [...(groups.get(key) ?? []), value]);
  const encode = (text: string): string => percentEncode(text, 'canonical');
  const query = [...groups].map(([key, values]) => `${encode(key)}=${values.map(encode).join(',')}`).join('&');
  return `/${table}${query === '' ? '' : `?${query}`}`;
}

/** `Location` of a created row (return=headers-only) from its `pk=eq.value` pairs. */
export function locationOf(table: string, pairs: string[]): string {
  const query = pairs.map((pair) => {
    const at = pair.indexOf('=');
    return `${percentEncode(pair.slice(0, at), 'query')}=${percentEncode(pair.slice(at + 1), 'query')}`;
  });
  return `/${table}?${query.join('&')}`;
}
