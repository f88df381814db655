import { adminKeys } from './admin-keys.ts';

/**
 * Query keys of the overview and of a variant's low-stock threshold; under adminKeys.all, so they
 * carry the staff member's scope like every admin read.
 */
export const overviewKeys = {
  overview: (userId: string) => [...adminKeys.all(userId), 'overview'] as const,
  threshold: (userId: string, itemId: number) => [...adminKeys.all(userId), 'low-stock-threshold', itemId] as const,
};
