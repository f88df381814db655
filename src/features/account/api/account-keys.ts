import { userScope } from '@/lib/user-scope';

/** Query keys of the account feature: each names the user whose data it holds (see lib/user-scope). */
export const accountKeys = {
  all: (userId: string) => ['account', userScope(userId)] as const,
  profile: (userId: string) => [...accountKeys.all(userId), 'profile'] as const,
};
