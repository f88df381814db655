const thousands = new Intl.NumberFormat('en-IE');

/**
 * "730 items", or "1,000+ items" when search_items stopped counting (`total_capped`): past
 * 1,000 matches it reports a lower bound instead of an exact count.
 */
export function countLabel(total: number, capped: boolean, one: string, many = `${one}s`): string {
  return `${thousands.format(total)}${capped ? '+' : ''} ${total === 1 && !capped ? one : many}`;
}
