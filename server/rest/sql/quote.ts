import { sqlLiteral } from '../../db/sql-literal.ts';


/**
 * User text only ever enters SQL through here, as an escaped literal (`sqlLiteral`), not a `$n`
 * placeholder: a statement without parameters can share one round trip with the request's
 * set-up (db/request-transaction.ts). An untyped literal is inferred from its context exactly as
 * an untyped parameter is, so `col = '5'` still compares as the column's type.
 */
export class Params {
  add(value: string | null): string {
    return value === null ? 'NULL' : sqlLiteral(value);
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
