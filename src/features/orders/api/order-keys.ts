import { userScope } from '@/lib/user-scope';

/** Query keys of the orders feature: each names the user whose orders it holds (see lib/user-scope). */
export const orderKeys = {
  all: (userId: string) => ['orders', userScope(userId)] as const,
  list: (userId: string) => [...orderKeys.all(userId), 'list'] as const,
  detail: (userId: string, orderId: number) => [...orderKeys.all(userId), 'detail', orderId] as const,
  addresses: (userId: string) => [...orderKeys.all(userId), 'addresses'] as const,
};
