import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The part of a query key that says whose data the query holds. Every query with a user's
 * data (orders, profile, cart, …) carries one as the second element of its key, so one account's
 * cache entries can never answer for another's, and all of them can be found and dropped at once.
 */
export interface UserScope {
  readonly userId: string;
}

export function userScope(userId: string): UserScope {
  return { userId };
}

/** The user a query key belongs to, or null for public data (catalog, search, a guest cart). */
export function ownerOf(queryKey: QueryKey): string | null {
  const scope: unknown = queryKey[1];
  if (typeof scope !== 'object' || scope === null || !('userId' in scope)) return null;
  return typeof scope.userId === 'string' ? scope.userId : null;
}

/**
 * Keeps the cache to the signed-in user's data. `track` is called with the session's user id
 * whenever it changes (null when signed out); from then on every query of another user is
 * cancelled and removed — the ones in the cache now, and any a late response or a settling
 * mutation of the previous account would add afterwards.
 */
export function createUserScopeGuard(queryClient: QueryClient) {
  let currentUserId: string | null = null;
  const isForeign = (query: Query) => {
    const owner = ownerOf(query.queryKey);
    return owner !== null && owner !== currentUserId;
  };
  const removeForeign = () => {
    void queryClient.cancelQueries({ predicate: isForeign });
    queryClient.removeQueries({ predicate: isForeign });
  };

  queryClient.getQueryCache().subscribe((event) => {
    // Removing inside the cache's own notification would re-enter it: do it right after.
    if (event.type === 'added' && isForeign(event.query)) queueMicrotask(removeForeign);
  });

  return {
    track(userId: string | null): void {
      if (userId === currentUserId) return;
      currentUserId = userId;
      removeForeign();
      // Settled mutations keep their variables and results (a profile, an order): drop those too.
      const mutations = queryClient.getMutationCache();
      for (const mutation of mutations.getAll()) {
        if (mutation.state.status !== 'pending') mutations.remove(mutation);
      }
    },
  };
}
