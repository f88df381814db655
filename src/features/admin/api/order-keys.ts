import { adminKeys } from './admin-keys.ts';

/**
 * Query keys of one order as staff handle it, and of the carriers they ship with; under
 * adminKeys.all, so they carry the staff member's scope like every admin read.
 */
export const orderKeys = {
  /**
   * Everything that shows orders beyond the board (the all-orders list, a customer, the overview
   * and one order share this prefix): shipping, a return or a status change refreshes them all.
   */
  lists: (userId: string) => [...adminKeys.all(userId), 'orders'] as const,
  detail: (userId: string, orderId: number) => [...orderKeys.lists(userId), 'order', orderId] as const,
  carriers: (userId: string) => [...adminKeys.all(userId), 'carriers'] as const,
};
