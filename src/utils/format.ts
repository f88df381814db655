const priceFormatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units (cents) in the item's currency, e.g. 4950 EUR → "€49.50". */
export function formatPrice(cents: number, currency: string, locale = 'en-IE'): string {
  const key = `${locale}:${currency}`;
  let formatter = priceFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    priceFormatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
