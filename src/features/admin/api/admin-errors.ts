import { isNetworkFailure } from '@/utils/is-network-failure';

interface DatabaseError {
  code?: string;
  message: string;
  hint?: string | null;
}

/**
 * A sentence for a failed staff action. The database's own messages for staff are written for
 * people (set_order_status: "Order 4 is shipped: it cannot become packed." plus its hint), so they
 * pass through; a lost connection or a token without the staff claim gets its own.
 */
export function adminErrorMessage(error: DatabaseError, action: string): string {
  if (isNetworkFailure(error.message)) return `You seem to be offline: ${action} did not happen. Try again when you are back online.`;
  if (error.code === '42501') return `Your account may no longer be staff: ${action} was refused. Sign out and in again.`;
  if (error.code === 'P0001' || error.code === '22023') return [error.message, error.hint].filter(Boolean).join(' ');
  return `Something went wrong: ${action} did not happen. Please try again.`;
}
