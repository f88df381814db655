import { adminKeys } from './admin-keys.ts';
import { orderKeys } from './order-keys.ts';

/**
 * Query keys of the overview and of a variant's low-stock threshold; under adminKeys.all, so they
 * carry the staff member's scope like every admin read.
 */
export const overviewKeys = {
  /** Among the order reads (orderKeys.lists): shipping, a return or a status change refreshes it too. */
  overview: (userId: string) => [...orderKeys.lists(userId), 'overview'] as const,
  threshold: (userId: string, itemId: number) => [...adminKeys.all(userId), 'low-stock-threshold', itemId] as const,
};
