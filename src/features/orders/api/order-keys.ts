import { userScope } from '@/lib/user-scope';

/** Query keys of the orders feature: each names the user whose orders it holds (see lib/user-scope). */
export const orderKeys = {
  all: (userId: string) => ['orders', userScope(userId)] as const,
  list: (userId: string) => [...orderKeys.all(userId), 'list'] as const,
  detail: (userId: string, reference: string) => [...orderKeys.all(userId), 'detail', reference] as const,
  /** An order opened by its receipt's link: nobody's in particular (anyone with the link may see it). */
  linked: (reference: string, key: string) => ['orders', 'linked', reference, key] as const,
  addresses: (userId: string) => [...orderKeys.all(userId), 'addresses'] as const,
};
