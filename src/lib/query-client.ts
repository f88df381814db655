import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { createUserScopeGuard } from './user-scope.ts';

export const QUERY_DEFAULTS: DefaultOptions = {
  // Offline, queries pause and keep what they have, then refetch when the connection returns.
  queries: { staleTime: 30_000, retry: 2, refetchOnWindowFocus: true },
  // An action taken offline fails at once with its own message (forms keep what was typed,
  // the cart rolls back) instead of waiting invisibly in a paused queue a closed tab would lose.
  mutations: { networkMode: 'always' },
};

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

/** The session store tells it whose session this is; it keeps every other user's data out of the cache. */
export const userScopeGuard = createUserScopeGuard(queryClient);
