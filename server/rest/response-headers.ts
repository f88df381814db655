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

/** Text that no encoding changes: a filter like `eq.2`, most keys. */
const UNRESERVED_ONLY = /^[A-Za-z0-9\-_.~]*$/;
const UNRESERVED_BYTE = (byte: number): boolean =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x5f || byte === 0x2e || byte === 0x7e;
/** `%XX` of every byte. */
const PERCENT = Array.from({ length: 256 }, (_, byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`);
/** A byte of 0x80 and up, taken as the Latin-1 character it looks like, UTF-8 encoded and percent-encoded. */
const PERCENT_AGAIN = Array.from({ length: 256 }, (_, byte) => [...Buffer.from(String.fromCharCode(byte), 'utf8')].map((b) => PERCENT[b]).join(''));

/**
 * Percent-encoding as PostgREST's two Haskell encoders do it. `canonical` (the HTTP package's
 * urlEncode, for Content-Location): other ASCII is `%XX`, and each byte of a UTF-8 character is
 * encoded again as the Latin-1 character it looks like (PostgREST hands it the bytes as Char8).
 * `query` (http-types' urlEncode True, for Location): `+` for a space, `%XX` for any other byte.
 */
function percentEncode(text: string, style: 'canonical' | 'query'): string {
  if (UNRESERVED_ONLY.test(text)) return text;
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (UNRESERVED_BYTE(byte)) out += String.fromCharCode(byte);
    else if (style === 'query') out += byte === 0x20 ? '+' : PERCENT[byte];
    else out += byte < 0x80 ? PERCENT[byte] : PERCENT_AGAIN[byte];
  }
  return out;
}

/**
 * `Content-Location` of a table read: the path and the query string sorted by key (bytewise, stable),
 * a repeated key's values joined with commas, as PostgREST's qsCanonical.
 */
export function contentLocation(table: string, entries: [string, string][]): string {
  const keyed = entries.map(([key, value]) => ({ key, value, bytes: Buffer.from(key) }));
  keyed.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  const groups = new Map<string, string[]>();
  for (const { key, value } of keyed) {
    const values = groups.get(key);
    if (values) values.push(value);
    else groups.set(key, [value]);
  }
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
