import { userScope } from '@/lib/user-scope';

/** Query keys of saved items: an account's list names its user (see lib/user-scope); the guest list is this browser's. */
export const savedKeys = {
  user: (userId: string) => ['saved', userScope(userId)] as const,
  guest: ['saved', 'guest'] as const,
};
