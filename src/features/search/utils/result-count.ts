const thousands = new Intl.NumberFormat('en-IE');

/**
 * "6 results", or "1,000+ results" when search_items stopped counting (`total_capped`): past
 * 1,000 matches it reports a lower bound instead of an exact count.
 */
export function resultCount({ total, total_capped: capped = false }: { total: number; total_capped?: boolean }): string {
  return `${thousands.format(total)}${capped ? '+' : ''} ${total === 1 && !capped ? 'result' : 'results'}`;
}
