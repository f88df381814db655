/**
 * `quote_ident` for any name: always double-quoted, inner quotes doubled, so a name means exactly
 * itself whatever its case or characters. Every service builds SQL with names through here; the
 * names themselves still come from the catalog, never from a request unchecked.
 */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw new Error('identifier contains NUL');
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.name`, both quoted. */
export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}
