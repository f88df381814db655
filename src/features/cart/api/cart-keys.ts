import { userScope } from '@/lib/user-scope';

/** Query keys of the cart: an account's cart names its user (see lib/user-scope); the guest cart is this browser's. */
export const cartKeys = {
  user: (userId: string) => ['cart', userScope(userId)] as const,
  guest: ['cart', 'guest'] as const,
};
