import type { ListItemsParams } from '../api/list-items.ts';

/** How many filters are set, for the phone's "Filters" button (the price range counts once). */
export function activeFilterCount(params: ListItemsParams): number {
  const price = params.minPriceCents !== null || params.maxPriceCents !== null;
  return [price, params.inStock, params.featured].filter(Boolean).length;
}
