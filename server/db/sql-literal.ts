/**
 * A Postgres string literal for text that must travel inside a simple-protocol statement (one
 * that takes no parameters). The `E''` form escapes backslashes too, so the literal means the same
 * whatever `standard_conforming_strings` a migration may have set. Postgres text holds no NUL, so
 * one is refused rather than silently cut.
 */
/** What a literal must escape or refuse: a backslash, a quote, a NUL. */
const NEEDS_CARE = /[\\'\0]/;

export function sqlLiteral(text: string): string {
  // Most text has nothing to escape: one scan instead of three (every request sets a dozen literals).
  if (!NEEDS_CARE.test(text)) return `E'${text}'`;
  if (text.includes('\0')) throw Object.assign(new Error('invalid byte sequence: text contains a NUL character'), { code: '22021' });
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
