/** The highest price a filter accepts, in euros (the catalog's dearest item is far below). */
export const MAX_EUROS = 1_000_000;

/**
 * A price as people type it into the filter: "10", "10.5", "10,50" (a decimal comma, as most of
 * Europe writes it), "€ 12", "1 200". Cents, or null when it is not a price (a letter, two
 * separators, more than two decimals, a negative or absurd amount).
 */
export function parsePriceCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  if (euros > MAX_EUROS) return null;
  return euros * 100 + cents;
}

/** The URL form of a price (a dot, no trailing zeros): 1050 → "10.5", 1200 → "12". */
export function priceParam(cents: number): string {
  return String(cents / 100);
}
