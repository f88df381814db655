/** `quote_ident` for any name: always double-quoted, inner quotes doubled. Names still come from the schema cache. */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw new Error('identifier contains NUL');
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** Collects bound values; `add` returns the `$n` placeholder. User text only ever enters SQL through here. */
export class Params {
  readonly values: (string | null)[] = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Unique table aliases per statement, so self-referencing embeds never clash. */
export class AliasGen {
  // "_t0" is reserved for the request's root relation.
  private next = 1;

  alias(): string {
    return `"_t${this.next++}"`;
  }
}
